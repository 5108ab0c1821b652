"""Pieces every panel shares: the page's style, rule citations, messages.

Game-independent: a citation is built from ``game.rules[rule_id]`` alone.
"""

from __future__ import annotations

import html

import ipywidgets as w

from widgets.i18n import t

esc = html.escape

# Projector-readable: large type, strong contrast, thick outlines.
CSS = """
<style>
.rt-panel { font-size: 17px; line-height: 1.4; color: #111; }
.rt-panel .widget-button, .rt-panel .widget-toggle-button { font-size: 16px; }
.rt-panel .widget-label, .rt-panel .widget-html-content { font-size: 17px; }
/* rows of buttons and choosers wrap on a narrow screen (a phone) instead of running off it */
.rt-panel .widget-hbox { flex-wrap: wrap; }
.rt-msg { padding: 6px 10px; border-radius: 6px; margin: 4px 0; }
.rt-msg-error { background: #fde2e1; border: 2px solid #b3261e; color: #5c0b07; }
.rt-msg-ok { background: #e3f4e1; border: 2px solid #2e7d32; color: #0f3d12; }
.rt-msg-info { background: #eef3fb; border: 2px solid #3a62a7; color: #10264d; }
.rt-cite { border-left: 5px solid #3a62a7; padding: 4px 10px; margin: 6px 0; background: #f6f8fc; }
.rt-cite .rt-rule-id { font-family: monospace; font-size: 15px; color: #333; }
.rt-cite blockquote { margin: 4px 0 4px 0; font-style: italic; }
.rt-cite .rt-src { font-size: 14px; color: #444; font-style: normal; }
.rt-recon { background: #fff3c4; border: 1px dashed #8a6d00; padding: 0 4px; border-radius: 4px; font-size: 14px; }
.rt-narration { font-size: 18px; margin: 6px 0; }
.rt-table-diff { border-collapse: collapse; }
.rt-table-diff td, .rt-table-diff th { border: 1px solid #999; padding: 4px 8px; vertical-align: top; }
.rt-rule { border-bottom: 1px solid #ccc; padding: 6px 0; }
.rt-rule h4 { margin: 2px 0; font-size: 18px; }
/* (url) issue 11 §5: the tab titles readable (WCAG AA contrast; JupyterLab's grey is 4.45:1) */
.rt-panel .lm-TabBar-tab, .rt-panel .lm-TabBar-tabLabel { color: #222 !important; }
</style>
"""


def style() -> w.HTML:
    """The shared style sheet, as a (zero-height) widget to put in a page."""
    return w.HTML(CSS, layout=w.Layout(height="0px", margin="0"))


def game_text(game, obj, lang: str) -> str:
    """An engine event or error in the page's language (``game.message``)."""
    return game.message(obj, lang)


def action_label(game, action, lang: str) -> str:
    """An action in the page's language (``game.action_text``)."""
    return game.action_text(action, lang)


def example_texts(game, example, lang: str) -> dict:
    """An example's title, outcome, note and step narrations in the page's language (``game.example_text``)."""
    return game.example_text(example, lang)


def message(kind: str, text: str) -> str:
    """A message box: kind is "error", "ok" or "info"."""
    return f"<div class='rt-msg rt-msg-{kind}' role='status'>{esc(text)}</div>"


def cite(game, rule_id: str, lang: str = "en", brief: bool = False) -> str:
    """A rule citation: its id, the rulebook's sentence(s) and the English wording.

    In Italian or French the project's wording in that language is shown too.
    An unknown id is shown as such (never an exception in the page).
    """
    rules = game.rules
    if rule_id not in rules:
        return f"<div class='rt-cite'><span class='rt-rule-id'>{esc(rule_id)}</span></div>"
    rule = rules[rule_id]
    parts = [f"<div class='rt-cite' data-rule='{esc(rule_id)}'>",
             f"<span class='rt-rule-id'>{esc(t('rule', lang))} {esc(rule.id)}</span>"]
    title, text = rule.wording(lang)
    parts.append(f" — <b>{esc(title)}</b>")
    if rule.reconstructed:
        parts.append(f" <span class='rt-recon'>{esc(t('reconstructed', lang))}</span>")
    quotes = rule.quotes[:1] if brief else rule.quotes
    for q in quotes:
        parts.append(
            f"<blockquote lang='{esc(q.lang)}'>«{esc(q.text)}» "
            f"<span class='rt-src'>({esc(q.lang)}, {esc(q.file)})</span></blockquote>"
        )
    parts.append(f"<div><b>{esc(t('in_english', lang))}:</b> {esc(rule.text)}</div>")
    if lang != "en" and text != rule.text:
        parts.append(f"<div lang='{esc(lang)}'>{esc(text)}</div>")
    if rule.reconstructed and rule.note and not brief:
        parts.append(f"<div class='rt-src'>{esc(rule.note)}</div>")
    parts.append("</div>")
    return "".join(parts)
