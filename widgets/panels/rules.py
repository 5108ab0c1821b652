"""The rules panel: contents by topic, ranked search, a reconstructed-only
filter, and the rulebooks' differences, every rule one line that opens.

Game-independent: it reads ``game.rules`` (a :class:`tutor.core.RuleBook`) and
``game.differences()``; the ranking and the topics are :mod:`tutor.rulesearch`'s.
"""

from __future__ import annotations

import asyncio

import ipywidgets as w

from tutor import rulesearch
from widgets.panels.common import cite, esc
from widgets.panels.i18n import Language, colon, t

#: seconds without a keystroke before the rule list follows the search box
SEARCH_PAUSE = 0.3


def _anchor(topic: str) -> str:
    return "rt-topic-" + "".join(c if c.isalnum() else "-" for c in topic)


def _rule_line(game, rule, lang: str) -> str:
    sets = (f"<span class='rt-sets rt-src'>{esc(', '.join(rule.rulesets))}</span>" if rule.rulesets else "")
    return f"<div class='rt-rule' data-rule='{esc(rule.id)}'>{cite(game, rule.id, lang)}{sets}</div>"


def toc_html(game, rules, lang: str) -> str:
    """The table of contents: each topic (named in ``lang``) with its number of rules, a link to it."""
    book = game.rules
    links = [f"<a href='#{_anchor(topic)}'>{esc(rulesearch.topic_name(book, topic, lang))}</a>"
             f"&nbsp;<span class='rt-src'>({len(group)})</span>"
             for topic, group in rulesearch.topics(rules)]
    if game.differences():
        links.append(f"<a href='#rt-differences'>{esc(t('differences', lang))}</a>")
    return (f"<nav class='rt-toc' aria-label='{esc(t('contents', lang))}'><b>{esc(t('contents', lang))}{colon(lang)}</b> "
            + " · ".join(links) + "</nav>")


def rules_html(game, found, lang: str, grouped: bool = True, mentioned_from: int | None = None) -> str:
    """The rules, one line each: under their topics' headings (``grouped``) or as a ranked list
    (the rules from ``mentioned_from`` on hold the words only in their wording, not a title)."""
    if not found:
        return f"<p class='rt-no-match'>{esc(t('no_match', lang))}</p>"
    if not grouped:
        out = [f"<p class='rt-count'>{esc(t('n_found', lang, n=len(found)))}</p>"]
        for i, rule in enumerate(found):
            if i == mentioned_from:
                out.append(f"<h4 class='rt-topic rt-mentioned'>{esc(t('also_mentioned', lang))}</h4>")
            out.append(_rule_line(game, rule, lang))
        return "".join(out)
    out = [f"<p class='rt-count'>{esc(t('n_rules', lang, n=len(found)))}</p>"]
    for topic, group in rulesearch.topics(found):
        name = rulesearch.topic_name(game.rules, topic, lang)
        out.append(f"<h4 class='rt-topic' id='{_anchor(topic)}'>{esc(name)}</h4>")
        out.extend(_rule_line(game, rule, lang) for rule in group)
    return "".join(out)


def _side(game, value, lang: str) -> str:
    """One rulebook's side of a difference: a rule id (cited on one line) or plain text."""
    value = str(value or "")
    if value in game.rules:
        return cite(game, value, lang, brief=True)
    return esc(value)


def differences_html(game, lang: str) -> str:
    """One row per difference: the topic (opens to the summary), then each rulebook's rule on one line."""
    diffs = game.differences()
    if not diffs:
        return ""
    summary_key = {"it": "summary_it", "fr": "summary_fr"}.get(lang, "summary")
    rows = []
    for d in diffs:
        summary = d.get(summary_key) or d.get("summary", "")
        rows.append(
            "<tr class='rt-diff'>"
            f"<td><details class='rt-cite rt-diff-topic'><summary><b>{esc(str(d.get('topic', '')))}</b> "
            f"<span class='rt-src'>{esc(summary)}</span></summary>"
            f"<div class='rt-cite-body'>{esc(summary)}</div></details></td>"
            f"<td lang='it'>{_side(game, d.get('it', ''), lang)}</td>"
            f"<td lang='fr'>{_side(game, d.get('fr', ''), lang)}</td>"
            "</tr>"
        )
    return (
        f"<h3 id='rt-differences' class='rt-topic'>{esc(t('differences', lang))}</h3>"
        "<table class='rt-table-diff rt-diffs'><colgroup><col class='rt-col-topic'><col><col></colgroup>"
        f"<thead><tr><th>{esc(t('topic', lang))}</th><th>{esc(t('italian_rulebook', lang))}</th>"
        f"<th>{esc(t('french_rulebook', lang))}</th></tr></thead><tbody>"
        + "".join(rows) + "</tbody></table>"
    )


class RulesPanel(w.VBox):
    """Search box and reconstructed-only filter, the contents, the rules, the differences."""

    def __init__(self, game, language: Language | None = None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("rt-panel")
        self.add_class("rt-rules")
        self.game = game
        self.language = language or Language()
        # results follow the typing: every keystroke reaches the kernel, the list is redrawn once the
        # learner pauses (SEARCH_PAUSE), not once per letter
        self.search = w.Text(continuous_update=True, layout=w.Layout(width="30em", max_width="100%"))
        self._pending = None
        self.search.style.description_width = "initial"
        self.search.add_class("rt-rule-search")
        self.only_recon = w.ToggleButton(value=False, icon="question-circle", layout=w.Layout(width="auto"))
        self.only_recon.add_class("rt-only-recon")
        self.note = w.HTML()
        self.note.add_class("rt-rules-note")
        self.toc = w.HTML()
        self.toc.add_class("rt-toc-box")
        self.list = w.HTML()
        self.list.add_class("rt-rule-list")
        self.diffs = w.HTML()
        self.diffs.add_class("rt-differences")
        self.search.observe(lambda ch: self._typed(), "value")
        self.only_recon.observe(lambda ch: self.refresh(), "value")
        self.language.observe(lambda ch: self.refresh(), "lang")
        bar = w.HBox([self.search, self.only_recon], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        bar.add_class("rt-rules-bar")
        self.children = [bar, self.note, self.toc, self.list, self.diffs]
        self.refresh()

    def _typed(self) -> None:
        """Redraw after a pause in the typing; at once where no event loop runs (a test, a script)."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.refresh()
            return
        self._pending = loop.call_later(SEARCH_PAUSE, self._settled)

    def _settled(self) -> None:
        self._pending = None
        self.refresh()

    @property
    def query(self) -> str:
        return self.search.value.strip()

    @property
    def found(self):
        """The rules shown: ranked for the query (all, in order, without one), reconstructed only if asked."""
        return rulesearch.search(self.game.rules, self.query, reconstructed_only=self.only_recon.value,
                                 lang=self.language.lang)

    def _mentioned_from(self, found) -> int | None:
        """Where the ranked list passes from title matches to mere mentions (None: no such place)."""
        hits = rulesearch.hits(found, self.query, self.language.lang, self.game.rules.topics)
        first = next((i for i, h in enumerate(hits) if not h.in_title), None)
        return first if first else None

    def refresh(self) -> None:
        lang = self.language.lang
        self.search.placeholder = t("search_example", lang)
        self.search.description = t("search", lang)
        self.search.tooltip = t("search_tip", lang)
        self.only_recon.description = t("only_recon", lang)
        self.only_recon.tooltip = t("only_recon_tip", lang)
        rules = list(self.game.rules)
        n = sum(1 for r in rules if r.reconstructed)
        self.note.value = (f"<div class='rt-src'><span class='rt-recon'>{esc(t('reconstructed_short', lang))}</span> "
                           f"{esc(t('recon_count', lang, n=n, total=len(rules)))} "
                           f"{esc(t('open_details', lang))}.</div>")
        found = self.found
        ranked = rulesearch.is_query(self.query, lang)
        self.toc.value = "" if ranked else toc_html(self.game, found, lang)
        self.list.value = rules_html(self.game, found, lang, grouped=not ranked,
                                     mentioned_from=self._mentioned_from(found) if ranked else None)
        self.diffs.value = "" if ranked or self.only_recon.value else differences_html(self.game, lang)
