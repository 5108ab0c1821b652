"""A board's named sections drawn in two HTML widgets, for the stepper, the quiz, the scenarios
and the game shell alike (imports only ipywidgets)."""

from __future__ import annotations

import ipywidgets as w

__all__ = ["Sections", "sections_html"]


def sections_html(sections: dict[str, str]) -> tuple[str, str]:
    """The HTML :class:`Sections` shows for ``sections``: the ``css`` section, and every other one
    in its ``<div class='rt-sec-NAME'>``, all inside one ``<div class='rt-sections'>``."""
    body = "".join(f"<div class='rt-sec-{name}'>{html}</div>"
                   for name, html in sections.items() if name != Sections.STYLE)
    return sections.get(Sections.STYLE, ""), (f"<div class='rt-sections'>{body}</div>" if body else "")


class Sections(w.VBox):
    """A board's named sections in two HTML widgets: the ``css`` section (the game's style,
    the same for every position) in one, sent once, and every other section in the other,
    each a ``<div class='rt-sec-NAME'>`` inside one ``<div class='rt-sections'>`` (a game's
    CSS lays them out from there).  ``show`` sends a widget only when its HTML changed: a
    step sends the whole board as one message (a widget per section sent five or six
    messages a step, and each message costs the server and the kernel more than its bytes)."""

    STYLE = "css"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._sections: dict[str, str] = {}
        self.style = w.HTML(layout=w.Layout(margin="0"))
        self.style.add_class("rt-sec-css")
        self.body = w.HTML(layout=w.Layout(margin="0"))
        self.body.add_class("rt-sections-box")
        self.children = (self.style, self.body)

    def show(self, sections: dict[str, str]) -> None:
        self._sections = dict(sections)
        style, body = sections_html(sections)
        if self.style.value != style:
            self.style.value = style
        if self.body.value != body:
            self.body.value = body

    def section(self, name: str) -> str:
        """The HTML of the section ``name`` shown ("" if there is none)."""
        return self._sections.get(name, "")

    @property
    def html(self) -> str:
        return "".join(self._sections.values())
