"""Make the shipped grammar suites from a BLiMP checkout (run once; the output is committed).

    .venv/bin/python scripts/make_grammar_suites.py /path/to/blimp

reads ``data/<paradigm>.jsonl`` of https://github.com/alexwarstadt/blimp
(Warstadt et al. 2020, CC BY 4.0) and writes, under ``resources/grammar/``:

- ``blimp-en.jsonl``: the first ``PAIRS`` pairs (pairID 0..PAIRS-1; BLiMP's own
  order is already random) of each paradigm in ``PARADIGMS``, one
  ``{"paradigm", "good", "bad", "pair_id"}`` per line: the suite format of
  ``engine/inspect/grammar_suites.py``, so the shipped file and a user's file have
  one shape. All other BLiMP fields are dropped, which keeps it under 1 MB.
- ``lexicon-en.json``: the noun (singular, plural) and verb (singular, plural
  present) pairs BLiMP's agreement paradigms use, each a single word, for the
  generated pairs (``engine/inspect/grammar_generated.py``), merged with the
  hand-written list of common words in ``EXTRA_NOUNS`` / ``EXTRA_VERBS`` below.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

PARADIGMS = (
    "regular_plural_subject_verb_agreement_1",
    "determiner_noun_agreement_1",
    "anaphor_number_agreement",
    "irregular_past_participle_verbs",
    "npi_present_1",
    "determiner_noun_agreement_2",
)
PAIRS = 500
OUT = Path(__file__).resolve().parents[1] / "resources" / "grammar"

# Common words of everyday and technical prose (the shipped texts are about programs), so a run
# on such a text finds pairs in its own vocabulary; BLiMP's own words are mostly everyday nouns.
EXTRA_NOUNS = """
argument:arguments attribute:attributes book:books boy:boys bird:birds box:boxes call:calls
car:cars cat:cats child:children class:classes city:cities country:countries day:days
dog:dogs element:elements error:errors event:events example:examples file:files friend:friends
function:functions girl:girls group:groups horse:horses house:houses item:items key:keys
line:lines list:lists man:men method:methods module:modules name:names number:numbers
object:objects operation:operations option:options parameter:parameters person:people
program:programs reader:readers result:results river:rivers rule:rules school:schools
statement:statements string:strings student:students system:systems table:tables
teacher:teachers thing:things thread:threads tree:trees type:types user:users value:values
variable:variables woman:women word:words writer:writers year:years
"""
EXTRA_VERBS = """
accepts:accept adds:add allows:allow calls:call changes:change contains:contain creates:create
defines:define describes:describe finds:find gives:give handles:handle helps:help holds:hold
includes:include keeps:keep knows:know likes:like loves:love makes:make needs:need opens:open
prints:print raises:raise reads:read returns:return runs:run sees:see sends:send shows:show
starts:start stores:store takes:take tells:tell uses:use wants:want writes:write
"""


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def suites(blimp: Path) -> list[dict]:
    rows = []
    for paradigm in PARADIGMS:
        for row in read_jsonl(blimp / "data" / f"{paradigm}.jsonl"):
            if int(row["pairID"]) < PAIRS:
                rows.append(
                    {
                        "paradigm": paradigm,
                        "good": row["sentence_good"],
                        "bad": row["sentence_bad"],
                        "pair_id": int(row["pairID"]),
                    }
                )
    return rows


def word_pairs(text: str) -> set[tuple[str, str]]:
    return {tuple(item.split(":")) for item in text.split()}  # type: ignore[misc]


def lexicon(blimp: Path) -> dict:
    nouns = word_pairs(EXTRA_NOUNS)
    for row in read_jsonl(blimp / "data" / "determiner_noun_agreement_1.jsonl"):
        good, bad = row["one_prefix_word_good"], row["one_prefix_word_bad"]
        if " " in good or " " in bad:
            continue
        singular_first = row["one_prefix_prefix"].split()[-1].lower() in ("this", "that")
        nouns.add((good, bad) if singular_first else (bad, good))
    verbs = word_pairs(EXTRA_VERBS)
    for row in read_jsonl(blimp / "data" / "regular_plural_subject_verb_agreement_1.jsonl"):
        good, bad = row["one_prefix_word_good"], row["one_prefix_word_bad"]
        if "'" in good + bad or " " in good + bad or good in ("is", "are", "was", "were", "has", "have"):
            continue
        # The singular present ends in s and the plural is the bare form (references / reference).
        singular, plural = (good, bad) if good.endswith("s") and not bad.endswith("s") else (bad, good)
        if singular.endswith("s") and not plural.endswith("s"):
            verbs.add((singular, plural))
    return {
        "source": "BLiMP (Warstadt et al. 2020, CC BY 4.0) agreement paradigms, plus common words",
        "nouns": sorted([s, p] for s, p in nouns),  # [singular, plural]
        "verbs": sorted([s, p] for s, p in verbs),  # [singular present, plural present]
    }


def main(blimp: Path) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(row, ensure_ascii=False, separators=(",", ":")) for row in suites(blimp)]
    (OUT / "blimp-en.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (OUT / "lexicon-en.json").write_text(
        json.dumps(lexicon(blimp), ensure_ascii=False, indent=0) + "\n", encoding="utf-8"
    )
    for path in sorted(OUT.iterdir()):
        print(f"{path.name}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: make_grammar_suites.py BLIMP_CHECKOUT (a folder with data/*.jsonl)")
    main(Path(sys.argv[1]))
