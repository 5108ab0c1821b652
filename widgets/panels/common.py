"""Pieces every panel shares: the page's style, rule citations, messages.

Game-independent: a citation is built from ``game.rules[rule_id]`` alone.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from widgets import static
from widgets.panels.i18n import colon, t

esc = html.escape

# Projector-readable: large type, strong contrast, thick outlines.
CSS = '\n<style>' + static.text('common.css') + static.text('phone.css') + '</style>\n'


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

    Closed: the rule's title and its wording in the page's language (cut with
    an ellipsis to one line), so a learner reads the rule in their own language
    first.  Open (a ``<details>``): that wording whole, then the rulebook's own
    sentence in its language, one click away.  The full citation (``brief`` off:
    the Rules tab) adds what a teacher or a translator checks: the rule's id,
    the English wording, the sentence's source file, any further quoted
    sentences and, for a reconstructed clause, why.  A learner's citation
    (``brief``: a step, a refusal, a hint, a verdict) shows neither ids nor
    file names.  An unknown id is shown as such (never an exception in the page).
    """
    rules = game.rules
    if rule_id not in rules:
        return f"<div class='rt-cite rt-cite-unknown'><span class='rt-rule-id'>{esc(rule_id)}</span></div>"
    rule = rules[rule_id]
    title, text = rule.wording(lang)
    recon = f" <span class='rt-recon'>{esc(t('reconstructed_short', lang))}</span>" if rule.reconstructed else ""
    line = f"<span class='rt-cite-text' lang='{esc(lang)}'>{esc(text)}</span>"
    parts = [f"<details class='rt-cite' data-rule='{esc(rule_id)}'>",
             f"<summary><b class='rt-cite-title'>{esc(title)}</b>{recon} {line}</summary>",
             "<div class='rt-cite-body'>"]
    if rule.reconstructed:
        parts.append(f"<div><span class='rt-recon'>{esc(t('reconstructed', lang))}</span></div>")
    quotes = sorted(rule.quotes, key=lambda q: q.lang != lang)  # a sentence in the page's language first
    if quotes:
        parts.append(f"<div class='rt-cite-said'>{esc(t('rulebook_says', lang))}{colon(lang)}</div>")
    for q in quotes:
        src = "" if brief else f" <span class='rt-src'>({esc(q.lang)}, {esc(q.file)})</span>"
        parts.append(f"<blockquote class='rt-cite-quote' lang='{esc(q.lang)}'>«{esc(q.text)}»{src}</blockquote>")
    if not brief:
        parts.append(f"<div class='rt-rule-id'>{esc(t('rule', lang))} {esc(rule.id)}</div>")
        if lang != "en":
            parts.append(f"<div lang='en'><b>{esc(t('in_english', lang))}{colon(lang)}</b> {esc(rule.text)}</div>")
        if rule.reconstructed and rule.note:
            parts.append(f"<div class='rt-src'>{esc(rule.note)}</div>")
    parts.append("</div></details>")
    return "".join(parts)


def quote_line(text: str, text_lang: str, source: str) -> str:
    """A quoted sentence (an example's source) on one line that opens to the whole sentence and its source."""
    return (f"<details class='rt-cite rt-source'><summary><span class='rt-cite-quote' lang='{esc(text_lang)}'>"
            f"«{esc(text)}»</span></summary><div class='rt-cite-body'><blockquote lang='{esc(text_lang)}'>"
            f"«{esc(text)}» <span class='rt-src'>({esc(source)})</span></blockquote></div></details>")
