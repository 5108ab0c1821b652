"""The rules panel: every clause, searchable; the rulebooks' differences side by side.

Game-independent: it reads ``game.rules`` (a :class:`tutor.core.RuleBook`) and
``game.differences()``.
"""

from __future__ import annotations

import ipywidgets as w

from widgets.common import cite, esc
from widgets.i18n import Language, t


def rules_html(game, found, lang: str) -> str:
    """Each rule: id, title, source sentence(s), English wording, reconstructed mark."""
    if not found:
        return f"<p class='rt-no-match'>{esc(t('no_match', lang))}</p>"
    out = [f"<p class='rt-count'>{esc(t('n_rules', lang, n=len(found)))}</p>"]
    for rule in found:
        sets = f" <span class='rt-src'>[{', '.join(rule.rulesets)}]</span>" if rule.rulesets else ""
        out.append(f"<div class='rt-rule'>{cite(game, rule.id, lang)}{sets}</div>")
    return "".join(out)


def _side(game, value, lang: str) -> str:
    """One rulebook's side of a difference: a rule id (cited) or plain text."""
    value = str(value or "")
    if value in game.rules:
        return cite(game, value, lang)
    return esc(value)


def differences_html(game, lang: str) -> str:
    diffs = game.differences()
    if not diffs:
        return ""
    summary_key = {"it": "summary_it", "fr": "summary_fr"}.get(lang, "summary")
    rows = []
    for d in diffs:
        summary = d.get(summary_key) or d.get("summary", "")
        rows.append(
            "<tr>"
            f"<td><b>{esc(str(d.get('topic', '')))}</b><br><span class='rt-src'>{esc(summary)}</span></td>"
            f"<td lang='it'>{_side(game, d.get('it', ''), lang)}</td>"
            f"<td lang='fr'>{_side(game, d.get('fr', ''), lang)}</td>"
            "</tr>"
        )
    return (
        "<table class='rt-table-diff'><thead><tr>"
        f"<th>{esc(t('topic', lang))}</th><th>{esc(t('italian_rulebook', lang))}</th>"
        f"<th>{esc(t('french_rulebook', lang))}</th></tr></thead><tbody>"
        + "".join(rows) + "</tbody></table>"
    )


class RulesPanel(w.VBox):
    """Search box, the matching clauses, and the differences table."""

    def __init__(self, game, language: Language | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("rt-panel")
        self.add_class("rt-rules")
        self.game = game
        self.language = language or Language()
        self.search = w.Text(continuous_update=False, layout=w.Layout(width="30em", max_width="100%"))
        self.search.add_class("rt-rule-search")
        self.list = w.HTML()
        self.list.add_class("rt-rule-list")
        self.diffs = w.HTML()
        self.diffs.add_class("rt-differences")
        self.accordion = w.Accordion(children=[self.list, self.diffs])
        self.search.observe(lambda ch: self.refresh(), "value")
        self.language.observe(lambda ch: self.refresh(), "lang")
        self.children = [self.search, self.accordion]
        self.accordion.selected_index = 0
        self.refresh()

    @property
    def found(self):
        text = self.search.value.strip()
        return self.game.rules.search(text) if text else list(self.game.rules)

    def refresh(self) -> None:
        lang = self.language.lang
        self.search.placeholder = t("search", lang)
        self.search.description = t("search", lang)
        self.accordion.set_title(0, t("all_rules", lang))
        self.accordion.set_title(1, t("differences", lang))
        self.list.value = rules_html(self.game, self.found, lang)
        self.diffs.value = differences_html(self.game, lang)
