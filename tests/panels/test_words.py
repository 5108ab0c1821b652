"""The pages' word tables: a game's words never change a shared word."""

from __future__ import annotations

import html
import json
import re

import pytest

from tutor import games
from widgets import page as pages
from widgets.panels import i18n


def _every_table() -> dict[str, dict]:
    import widgets.index  # noqa: F401  (the landing page adds its words)
    import widgets.panels.presenter  # noqa: F401

    for name in games.names():
        pages.spec(name)  # imports the game's page module, which adds its words
    return i18n.tables()


def test_no_two_word_tables_define_a_key_differently():
    defined: dict[str, dict[str, tuple]] = {}
    for namespace, table in _every_table().items():
        for key, row in table.items():
            defined.setdefault(key, {})[namespace or "shared"] = row
    clashes = {key: rows for key, rows in defined.items() if len(set(rows.values())) > 1}
    assert clashes == {}


def test_a_game_page_cannot_replace_a_shared_word():
    _every_table()
    with pytest.raises(ValueError, match="stop"):
        i18n.add_strings({"stop": ("Halt", "Alt", "Halte")})
    assert i18n.t("stop", "en") == "Stop"


@pytest.mark.parametrize("lang, stop", [("en", "Stop"), ("it", "Ferma"), ("fr", "Arrêter")])
def test_fire_bulls_example_stepper_stop_is_named_stop(lang, stop):
    """The page names the example stepper's autoplay buttons for screen readers: on the Fire Bulls
    page its Stop is announced as Stop, not as the game's "End the attack"."""
    page = pages.page("fire-bulls", lang)
    found = re.search(r"window\.rtLabels=(\{[^}]*\})", html.unescape(page.link.value))
    assert found, page.link.value[:300]
    labels = json.loads(found.group(1))
    assert labels["stop"] == stop
    assert labels["play"] in {"Autoplay", "Riproduci", "Lecture auto"}
