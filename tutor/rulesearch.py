"""Finding a rule the way a learner asks for it: ranked search, topics, filters.

Pure logic over a :class:`tutor.core.RuleBook` (no widgets), shared by every
game's Rules tab:

* :func:`search` ranks the rules for a query typed in the page's language
  (English, Italian or French) with BM25F: each rule is a document of fields
  (its id and topic, its title, its wording, the rulebook's sentences), a
  word counts more in a short field and in a title, and a rare word counts
  more than a common one.  Words are reduced to their stem by the Snowball
  stemmer of their language (``snowballstemmer``: "cards" finds "card",
  "carte" finds "carta", "déplacer" finds "déplace"), compared without case
  or accents; small words ("the", "di", "les") are ignored; a question of
  quantity ("how many", "quante", "combien") also looks for the words of
  limits and numbers, so "how many cards" finds the hand limit.  The last
  word of a query still being typed also matches the words it begins, so the
  results can follow the typing.
* :func:`topics` groups the rules by topic, in rulebook order (the table of
  contents), and :func:`topic_name` names a topic in a language.
* ``reconstructed_only`` keeps the clauses the rulebooks do not state.

The BM25 libraries on PyPI (rank_bm25, bm25s) need numpy, which neither the
engine nor the static site's Python carries, and none weighs fields; the
formula is a few lines here.  The stemmers are the kept library.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

import snowballstemmer

from tutor.core import Rule, RuleBook

__all__ = ["Hit", "hits", "normalise", "stem", "query_terms", "query_groups", "is_query", "search", "rank",
           "topics", "topic_name", "LANGS", "FIELD_WEIGHTS", "RELATED"]

LANGS = ("en", "it", "fr")
_STEMMERS = {"en": "english", "it": "italian", "fr": "french"}

# Words that say nothing about which rule is meant (en, it, fr).
STOP = frozenset("""
a an the of to in on at by for from with and or not no is are be was do does did can could
i you we he she it they my your his her its our their me what which who whom when where why how
this that these those there if then than so as about into many much must should get
quanti quante quanto quanta combien
il lo la i gli le l un uno una di da del dello della dei degli delle al allo alla ai agli alle
dal dalla dai nel nella nei nelle sul sulla sui sulle che chi come cosa quando dove perche e ed
o per con su non si mi ti ci vi ne se ma piu posso puo devo
les un une des de du au aux et ou que qui quoi comment quand pourquoi ou est sont en pour
avec par sur ne pas se sa son ses leur leurs ce cette ces il elle ils elles je tu nous vous y
puis peut dois d qu c s t
""".split())

# A question of quantity also looks for limits and numbers (the words in each language).
QUANTITY = ("how many", "how much", "quanti", "quante", "quanto", "quanta", "combien")
QUANTITY_WORDS = {"en": ("limit", "maximum", "number"), "it": ("limite", "massimo", "numero"),
                  "fr": ("limite", "maximum", "nombre")}
EXTRA_WEIGHT = 0.5  # a word the question only implied counts half a typed one

#: The words a learner uses for a phase of any game, and the words rulebooks use for it: a query
#: holding one of the left also looks for the right (at EXTRA_WEIGHT).  Game-independent on purpose:
#: a game's own vocabulary is in its rules' titles and texts.
RELATED = {
    "en": {"start": "setup starting first", "begin": "setup starting first", "beginning": "setup starting",
           "win": "victory winner goal", "winning": "victory winner goal",
           "count": "score scoring", "counted": "score scoring", "points": "score scoring",
           "over": "end", "finish": "end", "hide": "hidden secret",
           "see": "visible face up", "look": "visible face up", "same": "tie",
           "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"},
    "it": {"inizio": "preparazione iniziali primo", "iniziare": "preparazione iniziali primo",
           "inizia": "preparazione iniziali",
           "vince": "vittoria vincitore scopo", "vincere": "vittoria vincitore scopo",
           "contare": "punteggio conteggio", "contano": "punteggio conteggio", "punti": "punteggio conteggio",
           "pareggio": "parità", "parità": "pareggio", "finisce": "fine", "finire": "fine",
           "nascondere": "nascosta segreta", "guardare": "scoperti visibili", "vedere": "scoperti visibili",
           "stesso": "parità pareggio", "stessa": "parità pareggio",
           "due": "2", "tre": "3", "quattro": "4", "cinque": "5", "sei": "6", "sette": "7", "otto": "8"},
    "fr": {"début": "mise place départ premier", "commencer": "mise place départ premier",
           "commence": "mise place départ",
           "gagner": "victoire vainqueur but", "gagne": "victoire vainqueur but",
           "compter": "décompte score", "points": "décompte score",
           "égalité": "ex aequo", "finir": "fin", "finit": "fin", "termine": "fin",
           "cacher": "cachée secret", "regarder": "visibles face", "voir": "visibles face", "même": "égalité",
           "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6", "sept": "7", "huit": "8"},
}

#: BM25F: how much a word counts in each field (a title says what the rule is about; an id
#: fragment such as "first-player" names it), and the usual k1 and b
FIELD_WEIGHTS = {"id": 2.0, "topic": 1.5, "title": 3.0, "text": 1.0, "quote": 0.7, "other": 0.5}
K1 = 1.2
B = 0.75
PREFIX_MIN = 3  # a word being typed matches the words it begins from this many letters


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


def normalise(text: str) -> str:
    """Lower case, no accents, apostrophes and punctuation as spaces."""
    return re.sub(r"[^a-z0-9]+", " ", _fold(text.lower())).strip()


@lru_cache(maxsize=None)
def _stemmer(lang: str):
    return snowballstemmer.stemmer(_STEMMERS.get(lang, "english"))


@lru_cache(maxsize=100_000)
def stem(word: str, lang: str = "en") -> str:
    """A word's Snowball stem in ``lang``, lower case and without accents.

    Accents go before stemming, so a word typed with or without them ("cimetière", "cimetiere")
    has one stem.

    >>> stem("cards"), stem("card"), stem("carte", "it"), stem("carta", "it"), stem("cimetières", "fr")
    ('card', 'card', 'cart', 'cart', 'cimetier')
    """
    return _stemmer(lang).stemWord(_fold(word.lower()))


def _words(text: str) -> list[str]:
    """The words of a text: lower case, split at anything not a letter or digit (accents kept for the stemmer)."""
    return [w for w in re.split(r"[^\w]+|_", text.lower()) if w]


def _stems(text: str, lang: str) -> list[str]:
    return [stem(w, lang) for w in _words(text) if _fold(w) not in STOP]


@lru_cache(maxsize=None)
def _related(lang: str) -> dict[str, str]:
    """RELATED keyed by stem, so "wins" finds what "win" implies."""
    return {stem(word, lang): extra for word, extra in RELATED.get(lang, {}).items()}


def query_groups(query: str, lang: str = "en") -> list[list[tuple[str, float]]]:
    """What a query looks for, one group per idea: a typed word's stem (weight 1) with the words it
    implies (less); a question of quantity adds one group of the limit words.  A rule scores the best
    member of each group, so a word and its relatives never count twice.

    >>> query_groups("How many cards?")
    [[('card', 1.0)], [('limit', 0.5), ('maximum', 0.5), ('number', 0.5)]]
    >>> query_groups("who wins", "en")
    [[('win', 1.0), ('victori', 0.5), ('winner', 0.5), ('goal', 0.5)]]
    """
    groups: list[list[tuple[str, float]]] = []
    seen: set[str] = set()
    related = _related(lang)
    for w in _words(query):
        if _fold(w) in STOP or len(w) < 2:
            continue
        main = stem(w, lang)
        if main in seen:
            continue
        seen.add(main)
        group = [(main, 1.0)]
        for extra in _words(related.get(main, "")):
            st = stem(extra, lang)
            if _fold(extra) not in STOP and st not in seen:
                seen.add(st)
                group.append((st, EXTRA_WEIGHT))
        groups.append(group)
    padded = f" {normalise(query)} "
    if any(f" {q} " in padded for q in QUANTITY):
        group = [(st, EXTRA_WEIGHT) for st in dict.fromkeys(stem(w, lang) for w in QUANTITY_WORDS.get(lang, ()))
                 if st not in seen]
        if group:
            groups.append(group)
    return groups


def query_terms(query: str, lang: str = "en") -> list[tuple[str, float]]:
    """The stems a query looks for, each with its weight (1 typed, less implied).

    >>> query_terms("How many cards?")
    [('card', 1.0), ('limit', 0.5), ('maximum', 0.5), ('number', 0.5)]
    >>> query_terms("quante carte", "it")
    [('cart', 1.0), ('lim', 0.5), ('massim', 0.5), ('numer', 0.5)]
    """
    return [term for group in query_groups(query, lang) for term in group]


def _partial(query: str, lang: str) -> str | None:
    """The last word while it is still being typed (no space or punctuation after it), folded."""
    if not query or not query[-1].isalnum():
        return None
    words = _words(query)
    if not words or _fold(words[-1]) in STOP or len(words[-1]) < PREFIX_MIN:
        return None
    return _fold(words[-1])


@dataclass(frozen=True)
class _Doc:
    """One rule's fields as the stems of the language searched in."""

    fields: dict[str, Counter]
    words: frozenset[str]  # every stem of the rule, for document frequencies


def _doc(rule: Rule, lang: str, heading: str) -> _Doc:
    """The rule's fields, every word stemmed by the page language's stemmer, as the query's are: a
    word typed in another language (an Italian card name on an English page) still meets itself."""
    title, text = rule.wording(lang)
    others = ([rule.title, rule.text] if lang != "en" else []) + [rule.note]  # a note explains, in English
    for other, tr in rule.translations.items():
        if other != lang:
            others += [str(tr.get("title", "")), str(tr.get("text", ""))]
    fields = {
        "id": Counter(_stems(rule.id.split("/", 1)[-1].replace("/", " ").replace("-", " ") + " " + rule.topic, lang)),
        "topic": Counter(_stems(heading, lang)),  # the heading the rule sits under in the contents
        "title": Counter(_stems(title, lang)),
        "text": Counter(_stems(text, lang)),
        "quote": Counter(s for q in rule.quotes for s in _stems(q.text, lang)),  # the rulebook's sentences
        "other": Counter(s for part in others for s in _stems(part, lang)),  # other languages' wording, the note
    }
    words = frozenset(s for c in fields.values() for s in c)
    return _Doc(fields, words)


@dataclass
class _Index:
    docs: list[_Doc]
    avg: dict[str, float]
    df: Counter


def _index(rules: tuple[Rule, ...], lang: str, headings: dict) -> _Index:
    docs = [_doc(r, lang, str(headings.get(r.topic, {}).get(lang, ""))) for r in rules]
    avg = {f: (sum(sum(d.fields[f].values()) for d in docs) / len(docs)) or 1.0 for f in FIELD_WEIGHTS}
    df: Counter = Counter(w for d in docs for w in d.words)
    return _Index(docs, avg, df)


_INDEXES: dict[tuple[int, str], tuple[tuple[Rule, ...], _Index]] = {}


def _cached_index(rules: tuple[Rule, ...], lang: str, headings: dict) -> _Index:
    key = (hash(tuple(r.id for r in rules)), lang)
    hit = _INDEXES.get(key)
    if hit is None or hit[0] != rules:
        if len(_INDEXES) > 64:
            _INDEXES.clear()
        hit = (rules, _index(rules, lang, headings))
        _INDEXES[key] = hit
    return hit[1]


@dataclass(frozen=True)
class Hit:
    """A rule found: its score and whether a query word is in its id or a title."""

    rule: Rule
    score: float
    in_title: bool


def hits(rules: Iterable[Rule], query: str, lang: str = "en", headings: dict | None = None) -> list[Hit]:
    """The rules holding a word of ``query``, best first (see :func:`rank`)."""
    return [Hit(rule, score, titled) for rule, score, titled in _ranked(rules, query, lang, headings)]


def rank(rules: Iterable[Rule], query: str, lang: str = "en", headings: dict | None = None) -> list[tuple[Rule, float]]:
    """(rule, score) for the rules holding a word of ``query``, best first: their BM25F score,
    ties in rulebook order.  ``headings`` are the book's topic names by language (its ``topics``)."""
    return [(rule, score) for rule, score, _ in _ranked(rules, query, lang, headings)]


def _tf(counter: Counter, term: str, prefix: bool) -> float:
    if not prefix:
        return float(counter.get(term, 0))
    return float(sum(n for w, n in counter.items() if w.startswith(term)))


def _ranked(rules: Iterable[Rule], query: str, lang: str,
            headings: dict | None = None) -> list[tuple[Rule, float, bool]]:
    lang = lang if lang in LANGS else "en"
    headings = headings if headings is not None else getattr(rules, "topics", {})
    rules = tuple(rules)
    groups = [[(t, w, False) for t, w in group] for group in query_groups(query, lang)]
    partial = _partial(query, lang)
    if not rules or (not groups and partial is None):
        return []
    index = _cached_index(rules, lang, headings)
    if partial is not None and stem(partial, lang) not in index.df:
        # a word still being typed ("guer"), not yet a word of any rule: any word it begins
        typed = stem(partial, lang)
        groups = [g for g in groups if g[0][0] != typed] + [[(partial, 1.0, True)]]
    n = len(rules)
    scored = []
    for order, (rule, doc) in enumerate(zip(rules, index.docs)):
        score = 0.0
        titled = False
        for group in groups:
            best = 0.0
            for term, weight, prefix in group:
                tf = 0.0
                for field, fw in FIELD_WEIGHTS.items():
                    raw = _tf(doc.fields[field], term, prefix)
                    if raw:
                        length = sum(doc.fields[field].values())
                        tf += fw * raw / (1 - B + B * length / index.avg[field])
                        titled = titled or field in ("id", "title")
                if tf:
                    df = (sum(1 for w in index.df if w.startswith(term)) if prefix else index.df.get(term, 0)) or 1
                    df = min(df, n)
                    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
                    best = max(best, weight * idf * tf / (K1 + tf))
            score += best
        if score > 0:
            scored.append((-score, order, rule, titled))
    scored.sort(key=lambda s: s[:2])
    return [(rule, -neg, titled) for neg, _, rule, titled in scored]


def is_query(query: str, lang: str = "en") -> bool:
    """Whether ``query`` asks for anything (not empty, not only small words): then results are ranked."""
    return bool(query_terms(query, lang)) or _partial(query, lang) is not None


def search(book: RuleBook | Iterable[Rule], query: str = "", reconstructed_only: bool = False, lang: str = "en",
           ruleset: str | None = None) -> list[Rule]:
    """The rules for ``query`` typed in ``lang``, best first (every rule, in order, for an empty query).

    ``reconstructed_only`` keeps the clauses the rulebooks do not state;
    ``ruleset`` keeps the clauses of one ruleset."""
    rules = [r for r in book
             if (not reconstructed_only or r.reconstructed) and (not ruleset or r.applies_to(ruleset))]
    if not is_query(query, lang):
        return rules
    return [rule for rule, _ in rank(rules, query, lang, getattr(book, "topics", {}))]


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
