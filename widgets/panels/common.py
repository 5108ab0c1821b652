"""Pieces every panel shares: the page's style, rule citations, messages.

Game-independent: a citation is built from ``game.rules[rule_id]`` alone.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from widgets.panels.i18n import colon, t

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
/* A citation is one line (title + the rulebook's sentence, cut with an ellipsis) that opens. */
.rt-cite { border-left: 4px solid #3a62a7; padding: 0 8px; margin: 2px 0; background: #f6f8fc; min-width: 0; }
.rt-cite > summary { display: block; cursor: pointer; white-space: nowrap; overflow: hidden;
                     text-overflow: ellipsis; padding: 2px 0; list-style: none; }
.rt-cite > summary::-webkit-details-marker { display: none; }
.rt-cite > summary::before { content: "▸ "; color: #1f3f7a; }
.rt-cite[open] > summary::before { content: "▾ "; }
.rt-cite[open] > summary { white-space: normal; }
.rt-cite .rt-cite-quote { font-style: italic; color: #222; }
.rt-cite-body { padding: 2px 0 6px 14px; }
.rt-cite .rt-rule-id { font-family: monospace; font-size: 15px; color: #333; }
.rt-cite blockquote { margin: 4px 0 4px 0; font-style: italic; }
.rt-cite .rt-src, .rt-src { font-size: 14px; color: #444; font-style: normal; }
.rt-recon { background: #fff3c4; border: 1px dashed #8a6d00; padding: 0 4px; border-radius: 4px; font-size: 14px;
            font-style: normal; color: #3d3000; }
.rt-narration { font-size: 18px; margin: 6px 0; }
.rt-events { margin: 4px 0; padding-left: 1.2em; }
.rt-table-diff { border-collapse: collapse; }
.rt-table-diff td, .rt-table-diff th { border: 1px solid #999; padding: 4px 8px; vertical-align: top; }
/* Rules tab: contents, one line per rule, the differences one row each */
.rt-toc { margin: 4px 0 8px 0; line-height: 1.9; }
.rt-toc a { color: #1f3f7a; }
.rt-topic { margin: 12px 0 2px 0; font-size: 18px; border-bottom: 2px solid #3a62a7; }
.rt-rule { display: flex; align-items: baseline; gap: 6px; }
.rt-rule > .rt-cite { flex: 1 1 auto; }
.rt-rule > .rt-sets { flex: 0 0 auto; }
.rt-diffs { width: 100%; table-layout: fixed; }
.rt-diffs .rt-col-topic { width: 34%; }
.rt-diffs td { padding: 2px 4px; }
.rt-diffs .rt-cite { margin: 0; border-left-width: 3px; }
/* Any wide table scrolls inside its own box, never the page */
.rt-end-table, .rt-differences { overflow-x: auto; max-width: 100%; }
/* walk: on a phone the end table keeps its columns' natural widths and scrolls sideways, a long cell
   wrapping at 18em (it was squeezed to a word a line: rows 250px tall, still cut off at the right) */
.rt-end-table .rt-breakdown { width: max-content; }
.rt-end-table .rt-breakdown td, .rt-end-table .rt-breakdown th { max-width: 18em; }
/* The page's top: title and language on one line */
.rt-top { align-items: center; }
.rt-top h1, .rt-top h2 { margin: 0 18px 0 0 !important; font-size: 26px; }
.rt-lang .widget-toggle-button { height: 30px; }
.rt-top .rt-lang > div { display: inline-block; }
.rt-top .rt-lang > .widget-label { width: auto; margin-right: 6px; }
/* HTML widgets shrink to their box (their text wraps; a citation's line gets its ellipsis) */
.rt-panel .widget-html > .widget-html-content { min-width: 0; }
/* Tab titles whole in every language and on a phone: as wide as their words, wrapping if need be */
.rt-page .rt-tabs.jupyter-widgets > .lm-TabBar .lm-TabBar-tab { flex: 0 1 auto !important; min-width: 4em;
    max-width: none; line-height: 1.25 !important; padding-top: 4px; padding-bottom: 4px; height: auto; }
.rt-page .rt-tabs.jupyter-widgets > .lm-TabBar .lm-TabBar-tabLabel { white-space: normal !important;
    overflow: visible !important; text-overflow: clip !important; }
/* pol2: on a phone the tab titles stay on one line: tighter tabs, and should they still not fit (a longer
   language), the bar scrolls sideways rather than wrapping a title onto two lines */
@media (max-width: 700px) {
  .rt-page .rt-tabs.jupyter-widgets > .lm-TabBar { overflow-x: auto !important; overflow-y: hidden !important;
      scrollbar-width: thin; }
  .rt-page .rt-tabs.jupyter-widgets > .lm-TabBar .lm-TabBar-content { flex-wrap: nowrap; min-width: max-content; }
  .rt-page .rt-tabs.jupyter-widgets > .lm-TabBar .lm-TabBar-tab { min-width: 0; padding-left: 5px;
      padding-right: 5px; }
  .rt-page .rt-tabs.jupyter-widgets > .lm-TabBar .lm-TabBar-tabLabel { white-space: nowrap !important; }
}
/* pol2: the link to this place: the whole address, wrapping, as tall as it is (pol3: and a Copy button) */
.rt-place-url { display: block; width: min(40em, 100%); box-sizing: border-box; font-size: 15px;
    field-sizing: content; min-height: 2.2em; resize: none; word-break: break-all; overflow-wrap: anywhere;
    font-family: inherit; padding: 4px 6px; }
/* pol3: the link's Copy button and its confirmation */
.rt-copy-row { display: flex; align-items: center; gap: 8px; margin-top: 4px; flex-wrap: wrap; }
.rt-copy-link { font: inherit; font-size: 14px; padding: 3px 12px; cursor: pointer; }
.rt-copied { font-size: 14px; color: #1b5e20; }
/* Messages never move the board; a refusal shows right above the moves the user clicked (pol):
   in the side column (wide), after the board and the tools (narrow); the bots' pace after the hint */
.rt-game > .rt-message, .rt-game > .rt-controls, .rt-game > :has(> .rt-hint) { order: 1; }
.rt-game > .rt-bot-row { order: 2; }
.rt-game > .rt-end-table, .rt-game > .rt-end-chart, .rt-game > .widget-accordion { order: 3; }
.rt-status h3 { margin: 2px 0; }
/* Who decides what: a board says it in the examples, quiz and scenarios; in a game the status line
   above the moves says it, so the board's words (marked rt-to-decide) are not shown twice */
.rt-game > .rt-board .rt-to-decide { display: none; }
.rt-board { min-width: 0; max-width: 100%; }
/* cls2: a board's sections are divs of one HTML widget (widgets.panels.stepper.Sections); each keeps its margins inside */
.rt-sections > div { display: flow-root; min-width: 0; }
.rt-step-header h3 { margin: 2px 0; font-size: 20px; }
.rt-nav { align-items: center; }
@media (max-width: 999px) {
  /* A phone: the step's narration right under its buttons, the board after it */
  .rt-stepper > .rt-board { order: 1; }
}
@media (min-width: 1000px) {
  .rt-top .rt-lang { flex-wrap: nowrap; }
  /* A projector: the board on the left; the step, its narration and the moves beside it, on screen */
  .rt-stepper, .rt-game { display: grid !important; column-gap: 18px; align-items: start;
      grid-template-columns: minmax(0, 1fr) minmax(340px, 32%); grid-template-rows: repeat(7, auto) 1fr; }
  /* anything else (the end table, the log, the files) spans both columns below */
  .rt-stepper > *, .rt-game > * { grid-column: 1 / -1; }
  .rt-stepper > .rt-chooser, .rt-game > .rt-setup { grid-row: 1; }
  .rt-stepper > .rt-board, .rt-game > .rt-board { grid-column: 1; grid-row: 2 / 9; }
  /* the side column of Play (pol): who moves, a refusal, the moves and the hint on screen first; then
     show hand / undo / redo and the bots' pace */
  .rt-stepper > .rt-nav, .rt-game > .rt-status { grid-column: 2; grid-row: 2; }
  .rt-stepper > .rt-step-header, .rt-game > .rt-message { grid-column: 2; grid-row: 3; }
  .rt-stepper > .rt-your-turn, .rt-game > .rt-controls { grid-column: 2; grid-row: 4; }
  .rt-stepper > .rt-step-narration, .rt-game > :has(> .rt-hint) { grid-column: 2; grid-row: 5; }
  .rt-stepper > .rt-outcome, .rt-game > .rt-tools { grid-column: 2; grid-row: 6; }
  .rt-game > .rt-bot-row { grid-column: 2; grid-row: 7; }
  .rt-stepper > .rt-nav .widget-button { width: auto; flex: 1 1 auto; }
  .rt-stepper > .rt-nav .rt-slider { flex: 1 1 12em; }
  .rt-game > .rt-controls .widget-button, .rt-game > .rt-tools .widget-toggle-button { max-width: 100%; }
  .rt-stepper > *, .rt-game > * { min-width: 0; }
  /* pol: the Quiz as the other tabs: the position on the left, the question, its choices and the
     feedback beside it, on screen (they were under the board, below a projector's fold) */
  .rt-quiz { display: grid !important; column-gap: 18px; align-items: start;
      grid-template-columns: minmax(0, 1fr) minmax(340px, 32%); grid-template-rows: repeat(5, auto) 1fr; }
  .rt-quiz > * { grid-column: 1 / -1; min-width: 0; }
  .rt-quiz > .rt-quiz-progress { grid-row: 1; }
  .rt-quiz > .rt-board { grid-column: 1; grid-row: 2 / 7; }
  .rt-quiz > .rt-quiz-prompt { grid-column: 2; grid-row: 2; }
  .rt-quiz > .rt-quiz-choices { grid-column: 2; grid-row: 3; }
  .rt-quiz > :has(> .rt-quiz-check) { grid-column: 2; grid-row: 4; }
  .rt-quiz > .rt-quiz-feedback { grid-column: 2; grid-row: 5; }
  /* pol: the Scenarios tab too: the chosen scenario's goal and its first moves beside the board,
     on a projector's screen without scrolling (they were under the board) */
  .rt-scenarios { display: grid !important; column-gap: 18px; align-items: start;
      grid-template-columns: minmax(0, 1fr) minmax(340px, 32%); grid-template-rows: repeat(6, auto) 1fr; }
  .rt-scenarios > * { grid-column: 1 / -1; min-width: 0; }
  .rt-scenarios > .rt-scn-chooser { grid-row: 1; }
  .rt-scenarios > .rt-board { grid-column: 1; grid-row: 2 / 8; }
  /* the goal, Hint / Reset / Solution, then what they and the last move said, then the moves (a
     long list of moves never pushes the verdict below the fold) */
  .rt-scenarios > .rt-scn-goal { grid-column: 2; grid-row: 2; }
  .rt-scenarios > .rt-scn-tools { grid-column: 2; grid-row: 3; }
  .rt-scenarios > .rt-scn-verdict { grid-column: 2; grid-row: 4; }
  .rt-scenarios > .rt-scn-hint-text { grid-column: 2; grid-row: 5; }
  .rt-scenarios > .rt-scn-moves { grid-column: 2; grid-row: 6; }
  .rt-scenarios > .rt-scn-moves .widget-button { max-width: 100%; }
}
/* pol2: on a phone a board taller than the screen (Formula E's track is ~1100px) scrolls in its own box
   of at most 70% of the screen, so the moves under it come with it on one screen, not after the whole board */
@media (max-width: 700px) {
  .rt-game > .rt-board { max-height: 70vh; overflow-y: auto; border-bottom: 2px solid #bbb; }
}
/* pol: the Scenarios tab's chooser line: the scenario's title takes what the filters leave */
.rt-scn-chooser > .rt-scn-pick { flex: 1 1 18em; }
.rt-scn-chooser > .rt-scn-progress { margin-right: 12px; }
/* leg (issue 11 §1, §4): tab labels never cut; cards of the hand as cards; refused moves; bot speed */
.rt-panel .rt-card-button { min-height: 4.6em; min-width: 5.2em; border: 2px solid #222; border-radius: 9px;
    white-space: normal; line-height: 1.2; font-weight: bold; box-shadow: 1px 2px 0 #555; }
.rt-panel .rt-card-button:disabled, .rt-panel .rt-refused:disabled, .rt-panel .rt-refused[aria-disabled=true] {
    opacity: 0.55; border-style: dashed; text-decoration: line-through; cursor: not-allowed; }
.rt-panel .rt-refused[aria-disabled=true]:focus-visible { outline: 3px solid #1a4fd6; outline-offset: 2px; opacity: 0.8; }
.rt-refusals { font-size: 15px; margin: 4px 0; }
.rt-refusals summary { cursor: pointer; color: #10264d; }
.rt-seat-kind { font-size: 15px; font-weight: normal; color: #333; }
/* pol: the hint's text as wide as its column (its citation's one line was as wide as the whole rule) */
.rt-panel .rt-hint-text { min-width: 0; max-width: 100%; }
/* (url) issue 11 §5: the tab titles readable (WCAG AA contrast; JupyterLab's grey is 4.45:1) */
.rt-panel .lm-TabBar-tab, .rt-panel .lm-TabBar-tabLabel { color: #222 !important; }
/* Presenter mode (issue 13 §1): a projector at 1280x720, read from the back of the room. */
.rt-page.rt-presenter { background: #fff; color: #000; padding: 8px 16px; }
.rt-page.rt-presenter .widget-html-content, .rt-page.rt-presenter .widget-label { font-size: 26px; line-height: 1.35; color: #000; }
.rt-page.rt-presenter .widget-button, .rt-page.rt-presenter .widget-toggle-button { font-size: 24px; height: auto; min-height: 44px; }
.rt-page.rt-presenter .widget-dropdown > select { font-size: 22px; height: auto; }
.rt-page.rt-presenter .rt-lang { display: none !important; }
.rt-page.rt-presenter .rt-tabs > .lm-TabBar .lm-TabBar-tabLabel { font-size: 22px; }
.rt-page.rt-presenter .rt-heading h1, .rt-page.rt-presenter .rt-heading h2 { font-size: 34px !important; }
.rt-page.rt-presenter .rt-cite { border-left-width: 6px; background: #fff; }
.rt-page.rt-presenter .rt-msg-info { background: #fff; border-color: #000; color: #000; }
.rt-page.rt-presenter:focus, .rt-page.rt-presenter:focus-within { outline: 4px solid #1a4fd6; outline-offset: 2px; }
.rt-presenter-box { display: flex; flex-wrap: nowrap; gap: 16px; align-items: center; border: 3px solid #000; padding: 4px 8px; }
.rt-presenter-box p { margin: 2px 0; }
.rt-presenter-qr svg { display: block; width: 120px; height: 120px; }
.rt-page.rt-presenter .rt-presenter-url { font-size: 20px; }
.rt-presenter-url a { color: #0b3d91; font-weight: bold; word-break: break-all; }
.rt-page.rt-presenter .rt-presenter-keys { font-size: 16px; line-height: 1.3; }
/* walk: in presenter mode a control's description ("Example", "Rule", ...) is as wide as its words
   at 26px: ipywidgets' fixed 80px cut it to "Exa..." */
.rt-page.rt-presenter .widget-inline-hbox > .widget-label { width: auto; min-width: 0; max-width: none;
    flex-shrink: 0; }
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


def uploaded_bytes(change: Any) -> bytes | None:
    """The bytes of the file a ``FileUpload`` just received, from its ``value`` change (ipywidgets 8:
    a tuple of dicts; 7: a dict by file name), or None when it holds none (cleared) or nothing readable.
    The loaders decode them (a file that is not UTF-8 is their ScenarioError, named).

    >>> uploaded_bytes({"new": ({"name": "a.json", "content": memoryview(b"{}")},)})
    b'{}'
    >>> uploaded_bytes({"new": {"a.json": {"metadata": {}, "content": b"[]"}}}), uploaded_bytes({"new": ()})
    (b'[]', None)
    """
    files = change.get("new") if isinstance(change, dict) else change
    if not files:
        return None
    try:
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        content = item["content"] if isinstance(item, dict) else item.content
        return bytes(content)
    except (AttributeError, KeyError, IndexError, TypeError, ValueError, StopIteration):
        return None


def message(kind: str, text: str) -> str:
    """A message box: kind is "error", "ok" or "info"."""
    return f"<div class='rt-msg rt-msg-{kind}' role='status'>{esc(text)}</div>"


def cite(game, rule_id: str, lang: str = "en", brief: bool = False) -> str:
    """A rule citation on one line that opens for the rest.

    Closed: the rule's title in the page's language and the rulebook's own
    sentence (cut with an ellipsis to one line).  Open (a ``<details>``): that
    sentence whole, the rule's id, its wording in the page's language and in
    English, the sentence's source file, any further quoted sentences and, for
    a reconstructed clause, why (not when ``brief``).  An unknown id is shown as such (never an exception in the
    page).
    """
    rules = game.rules
    if rule_id not in rules:
        return f"<div class='rt-cite rt-cite-unknown'><span class='rt-rule-id'>{esc(rule_id)}</span></div>"
    rule = rules[rule_id]
    title, text = rule.wording(lang)
    recon = f" <span class='rt-recon'>{esc(t('reconstructed_short', lang))}</span>" if rule.reconstructed else ""
    if rule.quotes:
        q = rule.quotes[0]
        line = f"<span class='rt-cite-quote' lang='{esc(q.lang)}'>«{esc(q.text)}»</span>"
    else:
        line = f"<span class='rt-cite-quote' lang='{esc(lang)}'>{esc(text)}</span>"
    parts = [f"<details class='rt-cite' data-rule='{esc(rule_id)}'>",
             f"<summary><b class='rt-cite-title'>{esc(title)}</b>{recon} {line}</summary>",
             "<div class='rt-cite-body'>",
             f"<div class='rt-rule-id'>{esc(t('rule', lang))} {esc(rule.id)}</div>"]
    if rule.reconstructed:
        parts.append(f"<div><span class='rt-recon'>{esc(t('reconstructed', lang))}</span></div>")
    if lang != "en" and text != rule.text:
        parts.append(f"<div lang='{esc(lang)}'>{esc(text)}</div>")
    parts.append(f"<div lang='en'><b>{esc(t('in_english', lang))}{colon(lang)}</b> {esc(rule.text)}</div>")
    if rule.quotes:  # the first sentence is the summary's, shown whole once open: here its source
        q = rule.quotes[0]
        parts.append(f"<div class='rt-src'>{esc(t('source', lang))}{colon(lang)} {esc(q.lang)}, {esc(q.file)}</div>")
    for q in rule.quotes[1:]:
        parts.append(
            f"<blockquote lang='{esc(q.lang)}'>«{esc(q.text)}» "
            f"<span class='rt-src'>({esc(q.lang)}, {esc(q.file)})</span></blockquote>"
        )
    if rule.reconstructed and rule.note and not brief:
        parts.append(f"<div class='rt-src'>{esc(rule.note)}</div>")
    parts.append("</div></details>")
    return "".join(parts)


def quote_line(text: str, text_lang: str, source: str) -> str:
    """A quoted sentence (an example's source) on one line that opens to the whole sentence and its source."""
    return (f"<details class='rt-cite rt-source'><summary><span class='rt-cite-quote' lang='{esc(text_lang)}'>"
            f"«{esc(text)}»</span></summary><div class='rt-cite-body'><blockquote lang='{esc(text_lang)}'>"
            f"«{esc(text)}» <span class='rt-src'>({esc(source)})</span></blockquote></div></details>")
