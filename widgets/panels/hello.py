"""A one-button hello-world panel: the yardstick of the browser benchmark."""

from __future__ import annotations

import ipywidgets as w


def hello() -> w.VBox:
    """A button and a label that counts its clicks."""
    button = w.Button(description="Hello", _dom_classes=["rt-hello-button"])
    label = w.HTML("<span class='rt-hello-count'>0</span>")
    count = [0]

    def on_click(_):
        count[0] += 1
        label.value = f"<span class='rt-hello-count'>{count[0]}</span>"

    button.on_click(on_click)
    return w.VBox([button, label], _dom_classes=["rt-hello"])
