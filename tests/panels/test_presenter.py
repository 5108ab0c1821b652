"""Presenter mode without a browser: the toggle, the keys, the link."""

from __future__ import annotations

import pytest

from tutor import games
from widgets.page import page
from widgets.panels.presenter import page_link


@pytest.mark.parametrize("name", games.names())
def test_the_keys_step_the_example_only_in_presenter_mode(name):
    p = page(name)
    s = p.stepper
    assert s.position == 0 and s.slider.max >= 1
    assert not p.presenter.key("ArrowRight") and s.position == 0  # off: keys do nothing
    p.presenter.toggle.value = True
    assert "rt-presenter" in p._dom_classes
    p.presenter.key("ArrowRight")
    assert s.position == 1
    p.presenter.key(" ")
    assert s.position == min(2, s.slider.max)
    p.presenter.key("End")
    assert s.position == s.slider.max
    p.presenter.key("ArrowRight")  # past the last step: stays there
    assert s.position == s.slider.max
    p.presenter.key("Home")
    assert s.position == 0
    p.presenter.key("ArrowLeft")  # before the first: stays there
    assert s.position == 0
    assert not p.presenter.key("q")
    p.presenter.toggle.value = False
    assert "rt-presenter" not in p._dom_classes


def test_up_and_down_change_the_example():
    p = page("fire-bulls")
    p.presenter.toggle.value = True
    before = p.stepper.chooser.value
    p.presenter.key("ArrowDown")
    assert p.stepper.chooser.value == before + 1
    p.presenter.key("ArrowUp")
    assert p.stepper.chooser.value == before


def test_a_presentation_clickers_page_down_and_page_up_step_forward_and_back():
    p = page("tir-nan-og", query="example=lesson")
    p.presenter.toggle.value = True
    s = p.stepper
    assert p.presenter.key("PageDown") and s.position == 1
    p.presenter.key("PageDown")
    assert s.position == 2
    assert p.presenter.key("PageUp") and s.position == 1
    p.tabs.selected_index = 1
    shell = p.game
    shell.new_game(["greedy", "greedy"])
    end = shell.index
    p.presenter.key("PageUp")  # in Play: undo, and redo
    assert shell.index < end
    p.presenter.key("PageDown")
    assert shell.index == end


def test_presenter_mode_arms_the_keys_in_the_browser_without_a_pointer_move():
    """ipyevents listens to keys once its source has had a ``mouseenter``: the panel sends it."""
    p = page("fire-bulls")
    p.presenter.toggle.value = True
    assert "dispatchEvent(new MouseEvent(&#x27;mouseenter&#x27;))" in p.presenter.panel.value
    assert "PageDown" in p.presenter.panel.value


def test_in_play_the_keys_undo_and_redo():
    p = page("fire-bulls")
    p.presenter.toggle.value = True
    p.tabs.selected_index = 1
    shell = p.game
    shell.new_game(["greedy", "greedy"])  # no event loop here: the bots play to the end
    end = shell.index
    assert end > 0
    p.presenter.key("ArrowLeft")
    assert shell.index < end
    p.presenter.key("ArrowRight")
    assert shell.index == end


def test_the_link_is_shown_as_text_and_qr_code_in_the_page_language(monkeypatch):
    monkeypatch.delenv("VOILA_REQUEST_URL", raising=False)
    monkeypatch.setenv("SERVER_NAME", "tutor.school.lan")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/fire_bulls.ipynb")
    monkeypatch.delenv("PATH_INFO", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=it")
    url = "http://tutor.school.lan:8866/voila/render/fire_bulls.ipynb?lang=it"
    assert page_link() == url
    # under Voilà the page knows the address it was opened at; the link is the place shown
    monkeypatch.setenv("VOILA_REQUEST_URL", url)
    p = page("fire-bulls")
    p.presenter.toggle.value = True
    html = p.presenter.panel.value.replace("&amp;", "&")
    # the link and QR code are for the students: the place shown, not presenter mode on their phones
    assert f">{url}&tab=examples&example=" in html and "&step=0</a>" in html and "<svg" in html
    assert "presenter=1" not in html
    p.stepper.next.click()
    assert "&step=1</a>" in p.presenter.panel.value.replace("&amp;", "&")  # the QR code follows
    # the teacher's own link to this place keeps presenter mode (presenter=1) only when asked for
    assert p.url.endswith("&step=1")
    p.presenter.also.value = True
    assert p.url.endswith("&step=1&presenter=1")
    p.language.lang = "fr"
    assert "Ouvrez cette page" in p.presenter.panel.value
    assert p.presenter.toggle.description == "Mode projection"
