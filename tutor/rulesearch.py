"""Finding a rule the way a learner asks for it: ranked search, topics, filters.

Pure logic over a :class:`tutor.core.RuleBook` (no widgets), shared by every
game's Rules tab:

* :func:`search` ranks the rules for a query typed in English, Italian or
  French: rules whose id or title (in any language) holds a word of the query
  come first, then rules whose wording, quotes or note hold it; within a tier
  the rules matching more of the query come first, ties in rulebook order.
  Words are compared without accents, case or a plural ending ("cards" finds
  "card", "carte" finds "carta"); small words ("the", "di", "les") are
  ignored; a question of quantity ("how many", "quante", "combien") also
  looks for the words of limits and numbers, so "how many cards" finds the
  hand limit.
* :func:`topics` groups the rules by topic, in rulebook order (the table of
  contents), and :func:`topic_name` names a topic in a language.
* ``reconstructed_only`` keeps the clauses the rulebooks do not state.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable

from tutor.core import Rule, RuleBook

__all__ = ["Hit", "hits", "normalise", "stem", "query_terms", "search", "rank", "topics", "topic_name"]


# Words that say nothing about which rule is meant (en, it, fr).
STOP = frozenset("""
a an the of to in on at by for from with and or not no is are be was do does did can could
i you we he she it they my your his her its our their me what which who whom when where why how
this that these those there if then than so as about into many much
quanti quante quanto quanta combien
il lo la i gli le l un uno una di da del dello della dei degli delle al allo alla ai agli alle
dal dalla dai nel nella nei nelle sul sulla sui sulle che chi come cosa quando dove perche e ed
o per con su non si mi ti ci vi ne se ma piu
les un une des de du au aux et ou que qui quoi comment quand pourquoi ou est sont en pour
avec par sur ne pas se sa son ses leur leurs ce cette ces il elle ils elles je tu nous vous y
""".split())

# A question of quantity also looks for limits and numbers.
QUANTITY = ("how many", "how much", "quanti", "quante", "quanto", "quanta", "combien")
QUANTITY_WORDS = ("limit", "limite", "maximum", "massimo", "number", "numero", "nombre")

TITLE_WEIGHT = 10  # the id or a title holds the word
TEXT_WEIGHT = 3    # the wording (any language), a quote or the note holds it
EXTRA_WEIGHT = 0.5  # in the wording, a word implied by "how many" counts less than one typed


def normalise(text: str) -> str:
    """Lower case, no accents, apostrophes and punctuation as spaces."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", " ", text).strip()


def stem(word: str) -> str:
    """A crude stem good enough for three languages: no plural s, no final vowel.

    >>> stem("cards"), stem("card"), stem("carte"), stem("carta"), stem("warriors")
    ('card', 'card', 'cart', 'cart', 'warrior')
    """
    if len(word) > 3 and word.endswith("s"):
        word = word[:-1]
    if len(word) > 4 and word[-1] in "aeio":
        word = word[:-1]
    return word


def _stems(text: str) -> set[str]:
    return {stem(w) for w in normalise(text).split() if w not in STOP}


def query_terms(query: str) -> list[tuple[str, float]]:
    """The stems a query looks for, each with its weight (1 typed, less added).

    >>> query_terms("How many cards?")
    [('card', 1.0), ('limit', 0.5), ('maximum', 0.5), ('massim', 0.5), ('number', 0.5), ('numer', 0.5), ('nombr', 0.5)]
    """
    text = normalise(query)
    terms: dict[str, float] = {}
    for w in text.split():
        if w not in STOP and len(w) > 1:
            terms.setdefault(stem(w), 1.0)
    padded = f" {text} "
    if any(f" {q} " in padded for q in QUANTITY):
        for w in QUANTITY_WORDS:
            terms.setdefault(stem(w), EXTRA_WEIGHT)
    return list(terms.items())


@dataclass(frozen=True)
class _Index:
    """One rule's words: in its id and titles, and elsewhere."""

    head: frozenset[str]
    body: frozenset[str]


def _index(rule: Rule) -> _Index:
    head_text = [rule.id.replace("/", " ").replace("-", " "), rule.title, rule.topic]
    body_text = [rule.text, rule.note] + [q.text for q in rule.quotes]
    for tr in rule.translations.values():
        head_text.append(str(tr.get("title", "")))
        body_text.append(str(tr.get("text", "")))
    head = set()
    for part in head_text:
        head |= _stems(part)
    body = set()
    for part in body_text:
        body |= _stems(part)
    return _Index(frozenset(head), frozenset(body))


def _matches(term: str, words: frozenset[str]) -> bool:
    """A stem matches a word equal to it, or one it begins (4 letters or more)."""
    if term in words:
        return True
    return len(term) >= 4 and any(w.startswith(term) for w in words)


@dataclass(frozen=True)
class Hit:
    """A rule found: its score and whether a query word is in its id or a title."""

    rule: Rule
    score: float
    in_title: bool


def hits(rules: Iterable[Rule], query: str) -> list[Hit]:
    """The rules holding a word of ``query``, best first (see :func:`rank`)."""
    return [Hit(rule, score, titled) for rule, score, titled in _ranked(rules, query)]


def rank(rules: Iterable[Rule], query: str) -> list[tuple[Rule, float]]:
    """(rule, score) for the rules holding a word of ``query``, best first.

    The score is ``TITLE_WEIGHT`` per query word in the id or a title (a
    "limit" in the title answers "how many" fully), ``TEXT_WEIGHT`` per word
    elsewhere (less for a word the question only implied); the rules with a
    title or id match sort first."""
    return [(rule, score) for rule, score, _ in _ranked(rules, query)]


def _ranked(rules: Iterable[Rule], query: str) -> list[tuple[Rule, float, bool]]:
    terms = query_terms(query)
    scored = []
    for order, rule in enumerate(rules):
        idx = _index(rule)
        score = 0.0
        titled = False
        for term, weight in terms:
            if _matches(term, idx.head):
                score += TITLE_WEIGHT
                titled = True
            elif _matches(term, idx.body):
                score += TEXT_WEIGHT * weight
        if score > 0:
            scored.append((not titled, -score, order, rule))
    scored.sort(key=lambda s: s[:3])
    return [(rule, -neg, not untitled) for untitled, neg, _, rule in scored]


def search(book: RuleBook | Iterable[Rule], query: str = "", reconstructed_only: bool = False,
           ruleset: str | None = None) -> list[Rule]:
    """The rules for ``query``, best first (every rule, in order, for an empty query).

    ``reconstructed_only`` keeps the clauses the rulebooks do not state;
    ``ruleset`` keeps the clauses of one ruleset."""
    rules = [r for r in book
             if (not reconstructed_only or r.reconstructed) and (not ruleset or r.applies_to(ruleset))]
    if not query_terms(query):
        return rules
    return [rule for rule, _ in rank(rules, query)]


def topics(rules: Iterable[Rule]) -> list[tuple[str, list[Rule]]]:
    """The rules grouped by topic, topics in the order they first appear."""
    groups: dict[str, list[Rule]] = {}
    for rule in rules:
        groups.setdefault(rule.topic or rule.id.split("/")[1], []).append(rule)
    return list(groups.items())


def topic_name(book: RuleBook, topic: str, lang: str = "en") -> str:
    """A topic's name in ``lang``: the game's own (its data's ``topics``), else the id word capitalised."""
    names = getattr(book, "topics", {}).get(topic, {})
    return str(names.get(lang) or names.get("en") or topic.replace("-", " ").capitalize())
