"""A transformers tokenizer as an engine tokenizer: the same pieces, the specials moved to ids 0..4.

The engine assumes ``[PAD] [UNK] [CLS] [SEP] [MASK]`` at ids 0..4 (``config.SPECIAL_TOKENS``) in
masking, batching, scoring and every view. Rather than teach all of them another layout, the
imported vocabulary is permuted once: the model's own pad, unk, cls, sep and mask tokens move to
0..4 under the engine's spellings, every other token keeps its relative order, and the embedding
and decoder rows are permuted the same way (``weight_maps.py``), which is exact. The permutation
(``original_ids``: engine id -> the model's id) and the model's own spellings are remembered, so
an export can restore the original ids and the faces can show ``<mask>`` where the model has it.

What changes in tokenizer.json: the five tokens' spellings and every id (model vocabulary,
added tokens, Unigram's list order). Normalisation, pre-tokenisation and the pieces themselves
are untouched, so a text splits into the same pieces as in transformers.

Sources: ``tokenizer.json`` (fast tokenizers, any model), else a WordPiece ``vocab.txt``
(old BERT folders). The special tokens' spellings come from tokenizer_config.json and
special_tokens_map.json.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers

from mlmstudio import bounded_json
from mlmstudio.config import SPECIAL_TOKENS
from mlmstudio.engine.errors import MLMStudioError
from mlmstudio.engine.hf_import.errors import ModelImportError
from mlmstudio.engine.hf_import.folder import read_folder_json, read_folder_text
from mlmstudio.engine.tokenization import MAX_TOKENIZER_BYTES, MLMTokenizer

ROLES = ("pad", "unk", "cls", "sep", "mask")  # in the order of SPECIAL_TOKENS
_FALLBACK_ROLE = {"cls": "bos", "sep": "eos"}  # RoBERTa-style configs may name only these
# The slow tokenizers' files (XLM-R, CamemBERT, ALBERT, T5, DeBERTa-v2): a protobuf the
# tokenizers library cannot read; transformers converts them to tokenizer.json.
_SENTENCEPIECE_FILES = ("sentencepiece.bpe.model", "spiece.model", "spm.model", "tokenizer.model")
_COPY_AGAIN = "The folder may be damaged; copy the model's tokenizer files again from where it came from."


@dataclass(frozen=True)
class ImportedTokenizer:
    tokenizer: MLMTokenizer
    original_ids: list[int]  # engine id -> the model's own id
    spellings: dict[str, str]  # role -> the model's own spelling ("mask": "<mask>")

    @property
    def mask_spelling(self) -> str:
        return self.spellings["mask"]


def import_tokenizer(path: Path, config: Mapping[str, Any]) -> ImportedTokenizer:
    """The folder's tokenizer with its specials at 0..4, checked against the config's vocabulary size."""
    path = Path(path)
    backend = _source_tokenizer(path)
    spellings = _special_spellings(path, backend)
    ids = {}
    for role in ROLES:
        token_id = backend.token_to_id(spellings[role])
        if token_id is None:
            raise ModelImportError(
                f"The tokenizer in {path} names {spellings[role]!r} as its {role} token but does not "
                "contain it. The folder may be damaged; copy the model again."
            )
        ids[role] = token_id
    if len(set(ids.values())) < len(ROLES):
        raise ModelImportError(
            f"The tokenizer in {path} uses one token for two roles ({_roles_text(ids)}), which MLM Studio "
            "cannot tell apart. This model cannot be opened here."
        )
    size = backend.get_vocab_size(with_added_tokens=True)
    vocab_size = config.get("vocab_size")
    if vocab_size != size:
        raise ModelImportError(
            f"The config.json in {path} says the vocabulary has {vocab_size} tokens, but its tokenizer "
            f"has {size}. The folder mixes files of different models; copy the model again."
        )
    specials = [ids[role] for role in ROLES]
    rest = [i for i in range(size) if i not in set(specials)]
    original_ids = specials + rest
    data = bounded_json.loads(backend.to_str(), max_chars=MAX_TOKENIZER_BYTES)
    renamed = _permuted(
        data, original_ids, {spellings[role]: SPECIAL_TOKENS[n] for n, role in enumerate(ROLES)}, path
    )
    try:
        tokenizer = MLMTokenizer.from_str(json.dumps(renamed), where=f"The tokenizer in {path}")
    except MLMStudioError as exc:
        raise ModelImportError(str(exc)) from exc
    return ImportedTokenizer(tokenizer, original_ids, spellings)


def _source_tokenizer(path: Path) -> Tokenizer:
    file = path / "tokenizer.json"
    if file.is_file():
        subject = f"The tokenizer.json in {path}"
        text = read_folder_text(file, subject, damaged=_COPY_AGAIN, max_bytes=MAX_TOKENIZER_BYTES)
        try:
            bounded_json.loads(text, max_chars=MAX_TOKENIZER_BYTES)
            return Tokenizer.from_str(text)
        except Exception as exc:  # OSError, JSONLimitError, the library's plain Exceptions
            raise ModelImportError(
                f"The tokenizer.json in {path} cannot be read ({_short(exc)}). {_COPY_AGAIN}"
            ) from exc
    vocab = path / "vocab.txt"
    if vocab.is_file():
        return _wordpiece_from_vocab(path, vocab)
    sentencepiece = next((path / n for n in _SENTENCEPIECE_FILES if (path / n).is_file()), None)
    if sentencepiece is not None:
        raise ModelImportError(
            f"The folder {path} has its tokenizer only as a SentencePiece model ({sentencepiece.name}), "
            "which MLM Studio does not read: it reads tokenizer.json. Write one with transformers "
            "(AutoTokenizer.from_pretrained(folder).save_pretrained(folder)), or copy the model's "
            "tokenizer.json into the folder."
        )
    raise ModelImportError(
        f"The folder {path} has no tokenizer (tokenizer.json, or vocab.txt), so its text cannot be "
        "read. Copy the tokenizer files that came with the model into the folder."
    )


def _wordpiece_from_vocab(path: Path, vocab: Path) -> Tokenizer:
    """BERT's tokenizer from its vocab.txt, as transformers' BertTokenizer reads it."""
    subject = f"The vocab.txt in {path}"
    lines = read_folder_text(vocab, subject, damaged=_COPY_AGAIN, max_bytes=MAX_TOKENIZER_BYTES).splitlines()
    table: dict[str, int] = {}
    for line in lines:
        table.setdefault(line.rstrip("\n"), len(table))
    lowercase = bool(_tokenizer_config(path).get("do_lower_case", True))
    unk = _spelling(_tokenizer_config(path).get("unk_token")) or "[UNK]"
    tok = Tokenizer(models.WordPiece(vocab=table, unk_token=unk, continuing_subword_prefix="##"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=lowercase)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece(prefix="##")
    return tok


def _tokenizer_config(path: Path) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for name in ("special_tokens_map.json", "tokenizer_config.json"):
        file = path / name
        if file.is_file():
            data = read_folder_json(file, f"The {name} in {path}", damaged=_COPY_AGAIN)
            if not isinstance(data, dict):  # its special tokens would be guessed in silence
                raise ModelImportError(f"The {name} in {path} is not a JSON object. {_COPY_AGAIN}")
            merged.update(data)
    return merged


def _spelling(value: Any) -> str | None:
    """A special token as tokenizer_config.json writes it: a string or {"content": ...}."""
    if isinstance(value, dict):
        value = value.get("content")
    return value if isinstance(value, str) and value else None


def _special_spellings(path: Path, backend: Tokenizer) -> dict[str, str]:
    settings = _tokenizer_config(path)
    spellings = {}
    for role in ROLES:
        spelling = _spelling(settings.get(f"{role}_token"))
        if spelling is None and role in _FALLBACK_ROLE:
            spelling = _spelling(settings.get(f"{_FALLBACK_ROLE[role]}_token"))
        if spelling is None:
            spelling = _guess(backend, role)
        if spelling is None:
            what = "mask token, so it cannot fill in blanks" if role == "mask" else f"{role} token"
            raise ModelImportError(
                f"The tokenizer in {path} has no {what}. Copy the tokenizer files that came with the "
                "model (tokenizer_config.json names its special tokens) into the folder."
            )
        spellings[role] = spelling
    return spellings


_USUAL = {
    "pad": ("[PAD]", "<pad>"),
    "unk": ("[UNK]", "<unk>"),
    "cls": ("[CLS]", "<s>", "<cls>"),
    "sep": ("[SEP]", "</s>", "<eos>"),
    "mask": ("[MASK]", "<mask>"),
}


def _guess(backend: Tokenizer, role: str) -> str | None:
    """Without a tokenizer_config.json: the usual spelling of the role, if the vocabulary has it."""
    return next((s for s in _USUAL[role] if backend.token_to_id(s) is not None), None)


def _permuted(data: dict, original_ids: list[int], rename: dict[str, str], path: Path) -> dict:
    """tokenizer.json with every id moved (``new = original_ids.index(old)``) and the specials renamed."""
    new_id = {old: new for new, old in enumerate(original_ids)}
    taken = set()
    model = data.get("model") or {}
    kind = model.get("type")
    # Added tokens outside the model's own vocabulary (RoBERTa's <mask>) join it, so that the
    # permuted vocabulary has every id from 0 to V - 1 exactly once.
    extra = {t["id"]: t["content"] for t in data.get("added_tokens") or [] if isinstance(t.get("id"), int)}
    if kind in ("WordPiece", "BPE", "WordLevel"):
        vocab = dict(model["vocab"])
        taken = set(vocab)
        known = set(vocab.values())
        vocab.update({content: i for i, content in extra.items() if i not in known})
        model["vocab"] = {rename.get(t, t): new_id[i] for t, i in vocab.items() if i in new_id}
        if isinstance(model.get("unk_token"), str):
            model["unk_token"] = rename.get(model["unk_token"], model["unk_token"])
    elif kind == "Unigram":
        pieces = list(model["vocab"])
        taken = {p[0] for p in pieces}
        pieces += [[extra[i], 0.0] for i in range(len(pieces), len(original_ids)) if i in extra]
        if len(pieces) != len(original_ids):
            raise ModelImportError(
                f"The tokenizer in {path} has gaps in its vocabulary. The folder may be damaged."
            )
        reordered: list[list[Any] | None] = [None] * len(pieces)  # [piece, score] at its new id
        for old, (piece, score) in enumerate(pieces):
            reordered[new_id[old]] = [rename.get(piece, piece), score]
        model["vocab"] = reordered
        if isinstance(model.get("unk_id"), int):
            model["unk_id"] = new_id[model["unk_id"]]
    else:
        raise ModelImportError(
            f"The tokenizer in {path} is of a kind MLM Studio cannot read ({kind}). "
            "It reads WordPiece, BPE and Unigram (SentencePiece) tokenizers."
        )
    clashes = sorted(set(rename.values()) & (taken - set(rename)))
    if clashes:
        raise ModelImportError(
            f"The tokenizer in {path} has an ordinary token spelt {clashes[0]}, which MLM Studio keeps "
            "for its own special token. This model cannot be opened here."
        )
    added = []
    for token in data.get("added_tokens") or []:
        if token.get("id") not in new_id:
            continue
        token = {
            **token,
            "id": new_id[token["id"]],
            "content": rename.get(token["content"], token["content"]),
        }
        if token["content"] in SPECIAL_TOKENS:
            token.update(special=True, normalized=False)  # matched on the raw text, as the engine's own
        added.append(token)
    present = {t["content"] for t in added}
    for n, spelling in enumerate(SPECIAL_TOKENS):  # vocab.txt folders: the specials become added tokens
        if spelling not in present:
            added.append(
                {"id": n, "content": spelling, "single_word": False, "lstrip": False, "rstrip": False,
                 "normalized": False, "special": True}
            )  # fmt: skip
    data["added_tokens"] = sorted(added, key=lambda t: t["id"])
    # The engine frames its input itself ([CLS] text [SEP]); the model's own template is not used.
    data["post_processor"] = None
    data["padding"] = None
    data["truncation"] = None
    return data


def _roles_text(ids: Mapping[str, int]) -> str:
    return ", ".join(f"{role} {token_id}" for role, token_id in ids.items())


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:200]
