"""The rulebook's worked examples readable in the static site before Python has started in the page.

Every step of every example is a position the engine stored, so the build draws each one with the
stepper's own code (:func:`widgets.panels.stepper.draw_step`) and writes, per game page and language,
one JSON file beside the page (``voici/render/fire_bulls.examples.fr.json``).  The page's reader
(``reader.js``) shows it at once, with the live stepper's classes and style sheets, and hands over
to the live page once Python has built it, at the example and step the student reached.

:func:`add` does both at build time: the files, and each game page's reader script and styles.
"""

from __future__ import annotations

import json
from pathlib import Path

from tutor import games
from tutor.core import LESSON
from tutor.guide import Guide, guide_data
from widgets import static
from widgets.page import copy_button, spec
from widgets.panels import editor  # noqa: F401  (its words: "Edit this position")
from widgets.panels.guide import choices, header_html, todo_html
from widgets.panels.i18n import t
from widgets.panels.sections import sections_html
from widgets.panels.stepper import draw_step

HERE = Path(__file__).resolve().parent
LANGS = ("en", "it", "fr")
# what the loader's progress line adds while the examples are read: what waits for Python
LATER = {
    "en": "The examples can be read already. {play}, {rules}, {quiz} and {scenarios} open when Python is ready.",
    "it": "Gli esempi si leggono già. {play}, {rules}, {quiz} e {scenarios} si aprono quando Python è pronto.",
    "fr": "Les exemples se lisent déjà. {play}, {rules}, {quiz} et {scenarios} s'ouvrent quand Python est prêt.",
}
# the reader over the page while Python starts (the live page is built under it), the progress line at the
# screen's foot; the rest is the live stepper's own style (common.css, phone.css, the game's section css)
READER_CSS = """
.rt-reader-wrap{position:fixed;inset:0;z-index:9000;overflow:auto;background:#fff;padding:20px 15px 140px;box-sizing:border-box}
.rt-reader-top .rt-back-link{font-size:17px}
.rt-reader-wrap{font-family:var(--jp-ui-font-family,system-ui,-apple-system,"Segoe UI",sans-serif)}
.rt-reader{display:flex;flex-direction:column}
.rt-reader .jupyter-button{height:28px;padding:0 8px;margin:2px;border:0;background:#eee;color:rgba(0,0,0,.8);
 font-family:inherit;font-size:16px;cursor:pointer;white-space:nowrap}
.rt-reader .jupyter-button:hover:enabled{box-shadow:0 2px 4px rgba(0,0,0,.25)}
.rt-reader .jupyter-button:disabled{opacity:.4;cursor:not-allowed}
.rt-reader .jupyter-button i{margin-right:4px}
.rt-reader .widget-label{margin-right:6px}
.rt-reader-top{display:flex;flex-wrap:wrap;align-items:center;line-height:28px}
.rt-reader-top .rt-back-link{margin-right:16px}
.rt-reader-top>*{margin-top:2px!important;margin-bottom:2px!important}  /* a widget's margin, as in the live page's row */
.rt-reader-top h1{margin:0 18px 0 0;font-size:26px;line-height:28px}
.rt-reader .rt-nav{display:flex;flex-wrap:wrap;gap:2px}
.rt-reader .rt-chooser{display:flex;flex-wrap:nowrap;align-items:center;gap:6px;height:auto}
.rt-reader .rt-chooser .widget-label{flex:0 0 auto;width:auto}
.rt-reader .rt-chooser select{font-size:13px;flex:1 1 auto;min-width:0;height:28px}
.rt-reader button:focus-visible,.rt-reader select:focus-visible,.rt-reader-wrap a:focus-visible,.rt-reader summary:focus-visible{
 outline:3px solid #0b1f4d!important;outline-offset:-3px!important;box-shadow:inset 0 0 0 5px #fff!important}
body.rt-reading .rt-loader{top:auto;bottom:0;left:0;transform:none;width:100%;max-width:none;border-radius:0;
 padding:6px 14px;font-size:15px;box-shadow:0 -2px 10px rgba(0,0,0,.2)}
body.rt-reading .rt-loader p{margin:2px 0}
body.rt-reading .rt-loader .rt-loader-note{font-size:13px}
.rt-loader-later{font-weight:bold;color:#10264d}
.rt-reader-langs{display:flex;flex-wrap:wrap;align-items:center}
.rt-reader-langs .widget-label{margin-right:6px;font-size:17px}
.rt-reader-lang{display:inline-block;box-sizing:border-box;height:32px;line-height:24px;padding:4px 12px;margin:0 2px;font-family:Arial,sans-serif;background:#eee;color:rgba(0,0,0,.8);
 text-decoration:none;font-size:16px}
.rt-reader-lang[aria-current]{background:#c4c4c4}
.rt-reader-tabs{display:flex;margin-top:20px;overflow-x:auto;border-bottom:1px solid #c0c0c0}
.rt-reader-tab{flex:0 0 auto;font:13px/1.3 inherit;font-family:inherit;padding:8px 10px;margin:0 -1px -1px 0;
 border:1px solid #c0c0c0;background:#eee;color:#222}
.rt-reader-tab[aria-selected=true]{background:#fff;border-top:2px solid #1976d2;border-bottom-color:#fff}
.rt-reader-tab[aria-disabled=true]{color:#6a6a6a;cursor:help}
.rt-reader{border:1px solid #c0c0c0;border-top:0;padding:16px}
.rt-reader-wrap .rt-later{opacity:.45;cursor:help}
.rt-reader-top .rt-later{width:auto;height:32px;padding:4px 10px;margin:2px;border:0;background:#eee;color:rgba(0,0,0,.8);
 font:16px/20px Arial,sans-serif}
.rt-reader-wrap .rt-later i{margin-right:4px}
.rt-reader-wrap .rt-later-autoplay i{margin-right:0}
.rt-reader .rt-guide-moves .jupyter-button,.rt-reader .rt-guide-row .jupyter-button{width:auto;max-width:100%;height:auto;
 min-height:32px;padding:4px 10px;margin:2px 4px 2px 0;font-family:Arial,sans-serif;white-space:normal;text-align:left}
.rt-reader .jupyter-button.mod-primary{background:#1976d2;color:#fff}
.rt-reader .rt-guide-moves,.rt-reader .rt-guide-row{display:flex;flex-flow:row wrap}
.rt-reader-slider{display:flex;align-items:center;gap:8px;margin:2px 8px}
.rt-reader-slider input{width:140px}
.rt-reader-readout{min-width:2em;text-align:center;font-size:13px}
.rt-reader-wrap .rt-place-link summary{cursor:pointer;font-size:17px;list-style-position:inside}
.rt-reader-wrap .rt-place-url{width:min(36em,90vw);font-size:13px}
@keyframes rt-flash{from{background:#fff4c2}to{background:transparent}}
.rt-loader-later.rt-flash{animation:rt-flash 1.2s}
@media (max-width:700px){.rt-reader{padding:16px 5px}.rt-reader-tab{padding:8px 5px}.rt-reader-tabs{margin-top:28px}}
.rt-reader .rt-step-narration{margin-top:12px}
@media (max-width:700px){.rt-reader-wrap{padding:20px 4px 150px}}
"""


def page_examples(name: str, lang: str) -> dict:
    """The game ``name``'s examples in ``lang`` as its page's stepper draws them: every step of every
    example of its chooser (``game.course()``, in order), each ``[header, board, narration, outcome]``
    (the board as :class:`widgets.panels.sections.Sections` shows it; the game's style sheet, the same
    for every step, once)."""
    page = spec(name)
    game = page.engine
    examples = []
    style = None
    for ex in game.course():
        steps = []
        for i in range(len(ex.steps) + 1):
            header, sections, narration, outcome = draw_step(game, page.board, ex, i, lang)
            css, body = sections_html(sections)
            if style is None:
                style = css
            step = [header, body, narration, outcome]
            if css != style:
                step.append(css)  # a step with a style of its own (none today)
            steps.append(step)
        examples.append({"id": ex.id, "title": game.example_text(ex, lang)["title"], "steps": steps,
                         # the live page shows the guided first game here: it needs Python
                         "guided": ex.id == LESSON and bool(guide_data(game))})
    guided = any(e["guided"] for e in examples)
    labels = {key: t(key, lang) for key in ("example", "first", "previous", "next", "last", "all_games", "language",
                                            "examples", "play", "rules", "quiz", "scenarios", "presenter",
                                            "live_start", "link_here", "link_here_tip", "step_slider", "autoplay",
                                            "stop", "loop", "your_turn", "ed_open", "guide_restart")}
    labels["copy"] = copy_button(lang)
    labels["later"] = LATER[lang].format(**{k: t(k, lang) for k in ("play", "rules", "quiz", "scenarios")})
    return {"game": name, "lang": lang, "title": game.title, "first": page.example_id(), "css": style or "",
            "labels": labels, "examples": examples, "guide": guide_start(name, lang) if guided else None}


def guide_start(name: str, lang: str) -> dict:
    """The guided first game's first step as its panel draws it (:mod:`widgets.panels.guide`): the idea, what
    to do, the moves offered (their words; playing them needs Python), the other moves' count and the board
    as the learner's seat sees it."""
    page = spec(name)
    game = page.engine
    g = Guide.start(name)
    shown, rest = choices(game, g, lang)
    sections = page.board(game.view(g.state, g.learner), None, lang, lambda p: t("player_n", lang, n=p + 1))
    css, board = sections_html(sections)
    return {"header": header_html(game, g, lang), "todo": todo_html(game, g, lang),
            "moves": [words for words, _ in shown], "more": t("guide_more", lang, n=len(rest)) if rest else "",
            "board": board, "css": css}


def stem(name: str) -> str:
    """The page's file name without ``.html`` (``fire_bulls``)."""
    return games.entry(name).notebook.removesuffix(".ipynb")


def write_examples(render: Path) -> dict[str, int]:
    """Each game's examples in each language beside its page in ``render``; returns each file's bytes."""
    sizes = {}
    for entry in games.entries():
        if not (render / f"{stem(entry.name)}.html").exists():
            continue
        for lang in LANGS:
            path = render / f"{stem(entry.name)}.examples.{lang}.json"
            path.write_text(json.dumps(page_examples(entry.name, lang), ensure_ascii=False, separators=(",", ":")))
            sizes[path.name] = path.stat().st_size
    return sizes


def reader_tag(name: str) -> str:
    """The reader's styles and script for the page of the game ``name``."""
    css = static.text("common.css") + static.text("phone.css") + static.text("guide.css") + READER_CSS
    return (f"<style>{css}</style><script data-game='{name}' data-examples='{stem(name)}.examples'>"
            + (HERE / "reader.js").read_text() + "</script>")


def add(out: Path) -> dict[str, int]:
    """The examples' files and every game page's reader (after the loader, which it moves to the screen's
    foot while the examples are read); returns the files' sizes."""
    render = out / "voici" / "render"
    sizes = write_examples(render)
    for entry in games.entries():
        html = render / f"{stem(entry.name)}.html"
        if not html.exists():
            continue
        text = html.read_text()
        anchor = '<div id="rendered_cells"'
        if anchor in text and "rt-reader" not in text:
            html.write_text(text.replace(anchor, reader_tag(entry.name) + anchor, 1))
    return sizes
