"""Minimal pairs made from a run's own vocabulary (Zorro-style; Huebner et al. 2021, BabyBERTa).

BLiMP's sentences are full of names and words a small model trained on one
text never saw ("The Borgias wore a lot of scarves"); a word-level model reads
them as [UNK] and its accuracy then measures its vocabulary, not its grammar.
Zorro's answer, copied here: fill fixed sentence templates with words the
model knows. The words come from the shipped English lexicon
(resources/grammar/lexicon-en.json: nouns as singular/plural and verbs as
singular/plural present, from BLiMP's agreement paradigms plus common words),
kept only where the run's tokenizer holds both forms as one whole token
(``known_word``), so every pair is made of words the model was trained on.

The templates (each a paradigm; the words that change are in capitals):

- ``subject_verb_agreement``: the NOUN VERB the noun . (the dog SEES / *SEE the cat)
- ``agreement_across_prepositional_phrase``: the NOUN of the nouns VERB the noun .
  (the attractor has the other number: the key of the cabinets OPENS / *OPEN ...)
- ``determiner_noun_agreement``: the noun verbs THIS NOUN / THESE NOUNS .
  (the noun changes, as in BLiMP: this BOOK / *BOOKS)
- ``copula_agreement``: the NOUN IS / ARE in the noun .

Half the subjects are singular and half plural, drawn with ``random.Random(seed)``,
so the same vocabulary and seed always give the same pairs. A template whose
fixed words (the, of, this, these, is, are, in) are not whole tokens of the
vocabulary is left out with a note; a vocabulary with too few known nouns and
verbs is a sentence saying so. Words are written in lower case, as the default
tokenizers read them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass

from mlmstudio.engine.inspect.grammar_suites import GrammarSuiteError, MinimalPair, Suite
from mlmstudio.engine.tokenization import MLMTokenizer

GENERATED_NAME = "generated"
LEXICON_FILE = "lexicon-en.json"
DEFAULT_PER_PARADIGM = 100
MIN_NOUNS, MIN_VERBS = 3, 2


@dataclass(frozen=True)
class Lexicon:
    nouns: tuple[tuple[str, str], ...]  # (singular, plural)
    verbs: tuple[tuple[str, str], ...]  # (singular present, plural present)


def shipped_lexicon() -> Lexicon:
    from mlmstudio.resource_paths import grammar_file

    data = json.loads(grammar_file(LEXICON_FILE).read_text(encoding="utf-8"))
    return Lexicon(
        tuple((s, p) for s, p in data["nouns"]),
        tuple((s, p) for s, p in data["verbs"]),
    )


def known_word(tokenizer: MLMTokenizer, word: str) -> bool:
    """Whether the tokenizer reads ``word``, inside a sentence, as one token it knows.

    A character model has no whole words: there a word counts as known when none of
    its letters is [UNK]. The word is encoded after ``the`` so that a byte-level BPE
    sees it with the space it has inside a sentence.
    """
    ids = list(tokenizer.encode_with_words(f"the {word}")[0])
    head = list(tokenizer.encode_with_words("the")[0])
    rest = ids[len(head) :] if ids[: len(head)] == head else ids
    if tokenizer.unk_token_id in rest or not rest:
        return False
    return tokenizer.kind == "char" or len(rest) == 1


def generate_suite(
    tokenizer: MLMTokenizer,
    *,
    per_paradigm: int = DEFAULT_PER_PARADIGM,
    seed: int = 0,
    lexicon: Lexicon | None = None,
) -> Suite:
    """Minimal pairs of the templates above from the words this tokenizer knows whole."""
    if per_paradigm < 1:
        raise GrammarSuiteError(f"Pairs per paradigm must be at least 1 (got {per_paradigm}).")
    lexicon = lexicon or shipped_lexicon()
    known: dict[str, bool] = {}

    def knows(word: str) -> bool:
        if word not in known:
            known[word] = known_word(tokenizer, word)
        return known[word]

    nouns = [n for n in lexicon.nouns if knows(n[0]) and knows(n[1]) and n[0] != n[1]]
    verbs = [v for v in lexicon.verbs if knows(v[0]) and knows(v[1]) and v[0] != v[1]]
    if len(nouns) < MIN_NOUNS or len(verbs) < MIN_VERBS:
        raise GrammarSuiteError(
            f"Too few of the lexicon's nouns and verbs are whole words of this model's vocabulary "
            f"(found {len(nouns)} nouns and {len(verbs)} verbs with both forms; at least "
            f"{MIN_NOUNS} and {MIN_VERBS} are needed), so no pairs can be made from it. "
            "Use --suite blimp or a suite file of your own."
        )
    end = " ." if knows(".") or tokenizer.kind == "char" else ""
    pairs: list[MinimalPair] = []
    notes: list[str] = []
    for paradigm, frame, make in _TEMPLATES:
        missing = [w for w in frame if not knows(w)]
        if missing:
            notes.append(
                f"{paradigm} left out: {', '.join(repr(w) for w in missing)} "
                "not a whole word of the vocabulary."
            )
            continue
        rng = random.Random(f"{seed}:{paradigm}")
        made: dict[str, MinimalPair] = {}
        for _attempt in range(per_paradigm * 20):
            if len(made) >= per_paradigm:
                break
            good, bad = make(rng, nouns, verbs)
            if good not in made:
                made[good] = MinimalPair(paradigm, good + end, bad + end, str(len(made)))
        pairs.extend(made.values())
    if not pairs:
        raise GrammarSuiteError(
            "None of the sentence templates fits this vocabulary (" + " ".join(notes) + ") "
            "Use --suite blimp or a suite file of your own."
        )
    notes.insert(0, f"Made from {len(nouns)} nouns and {len(verbs)} verbs of the vocabulary, seed {seed}.")
    return Suite(GENERATED_NAME, tuple(pairs), tuple(notes))


Words = list[tuple[str, str]]


def _subject_verb(rng: random.Random, nouns: Words, verbs: Words) -> tuple[str, str]:
    plural = rng.random() < 0.5
    subject, obj = rng.sample(nouns, 2)
    verb = rng.choice(verbs)
    right, wrong = (verb[1], verb[0]) if plural else verb
    start = f"the {subject[plural]}"
    rest = f"the {rng.choice(obj)}"
    return f"{start} {right} {rest}", f"{start} {wrong} {rest}"


def _across_phrase(rng: random.Random, nouns: Words, verbs: Words) -> tuple[str, str]:
    plural = rng.random() < 0.5
    subject, attractor, obj = rng.sample(nouns, 3)
    verb = rng.choice(verbs)
    right, wrong = (verb[1], verb[0]) if plural else verb
    start = f"the {subject[plural]} of the {attractor[not plural]}"  # the attractor has the other number
    rest = f"the {rng.choice(obj)}"
    return f"{start} {right} {rest}", f"{start} {wrong} {rest}"


def _determiner_noun(rng: random.Random, nouns: Words, verbs: Words) -> tuple[str, str]:
    plural = rng.random() < 0.5
    subject, obj = rng.sample(nouns, 2)
    verb = rng.choice(verbs)
    start = f"the {subject[0]} {verb[0]} {'these' if plural else 'this'}"
    right, wrong = (obj[1], obj[0]) if plural else obj
    return f"{start} {right}", f"{start} {wrong}"


def _copula(rng: random.Random, nouns: Words, verbs: Words) -> tuple[str, str]:
    plural = rng.random() < 0.5
    subject, place = rng.sample(nouns, 2)
    right, wrong = ("are", "is") if plural else ("is", "are")
    start, rest = f"the {subject[plural]}", f"in the {rng.choice(place)}"
    return f"{start} {right} {rest}", f"{start} {wrong} {rest}"


_TEMPLATES: tuple[
    tuple[str, tuple[str, ...], Callable[[random.Random, Words, Words], tuple[str, str]]], ...
] = (
    ("subject_verb_agreement", ("the",), _subject_verb),
    ("agreement_across_prepositional_phrase", ("the", "of"), _across_phrase),
    ("determiner_noun_agreement", ("the", "this", "these"), _determiner_noun),
    ("copula_agreement", ("the", "is", "are", "in"), _copula),
)
