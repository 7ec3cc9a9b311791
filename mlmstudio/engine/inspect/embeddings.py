"""Embedding neighbours and a 2-D map of the token embeddings: what the model has put near what.

Every token has a vector in the model's input embedding (``tok_emb``). Tokens
the model uses alike end up pointing alike, so the tokens nearest to one by
cosine similarity are the model's idea of "similar words", and a 2-D
projection of the most frequent tokens shows the structure at a glance.

Which matrix: the ``modern`` design ties its output layer to the input
embedding, so the one matrix is both what the model reads and what it writes.
The ``seed`` design (the tutorial's TinyMLM) has a separate output layer; its
*input* token embedding is used, and the result's ``embedding_note`` says so.

What the user types is turned into one vector by a fixed rule
(``resolve_word``): a string that is a token of the vocabulary as it is typed
(``##ing``, ``▁the``, a single letter) is that token; otherwise the word is
tokenized as the model reads it; one piece is that token, several pieces
(a split word, or several words) are the mean of their unit vectors, and the
pieces themselves are left out of the neighbours (they are trivially close).
A word that reads only as ``[UNK]`` has no vector of its own and is refused.

The map (``embedding_map``) is a principal component analysis (PCA, an SVD of
the centred vectors; no sklearn) of the ``n`` most frequent tokens. The
frequency is the training text's: the vocabulary is stored in its canonical
order (special tokens, then by count in the training text, then by string,
see ``tokenization.py``), so the ``n`` most frequent tokens are ids 5 .. 5+n-1,
with no need to read the corpus again. The query and its neighbours are
projected with the same components, so they can be drawn on the map even
when they are rarer than the ``n`` shown. Special tokens are never in the map
and are left out of the neighbours unless asked for (then they are marked).

Plain values out (lists of floats and strings): the GUI draws them, the CLI
prints them, nothing holds a tensor.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

import torch
from torch import Tensor

from mlmstudio.config import SPECIAL_TOKENS, UNK
from mlmstudio.engine.errors import PredictionError

if TYPE_CHECKING:
    from mlmstudio.engine.predict import Predictor
    from mlmstudio.engine.tokenization import MLMTokenizer

DEFAULT_NEIGHBOURS = 10
DEFAULT_MAP_TOKENS = 300
MAX_NEIGHBOURS = 200
MAX_MAP_TOKENS = 5000
N_SPECIAL = len(SPECIAL_TOKENS)
TIED_NOTE = (
    "The model's output layer is its input embedding (tied), so these are the vectors it both "
    "reads and predicts with."
)
UNTIED_NOTE = (
    "This model (the 'seed' design) has an output layer separate from its input embedding: "
    "the neighbours and the map use the input token embedding."
)


@dataclass(frozen=True)
class Neighbour:
    token_id: int
    token: str  # the vocabulary entry (``##ing``)
    token_str: str  # readable (``ing``)
    similarity: float  # cosine, -1..1
    special: bool = False


@dataclass(frozen=True)
class ResolvedWord:
    """How a typed word became one vector."""

    text: str
    piece_ids: list[int]
    pieces: list[str]  # readable pieces
    rule: str  # "token", "one piece" or "mean of pieces"
    note: str  # a sentence for the user ("" for a single token)


@dataclass
class Neighbours:
    word: ResolvedWord
    neighbours: list[Neighbour]
    embedding_note: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class EmbeddingMap:
    """2-D PCA coordinates of the most frequent tokens, plus the query and its neighbours."""

    token_ids: list[int]
    tokens: list[str]  # readable
    xy: list[tuple[float, float]]  # one per token, first principal component first
    explained: tuple[float, float]  # share of the variance of each component (0..1)
    extra: dict[int, tuple[float, float]] = field(default_factory=dict)  # highlighted token ids
    query_xy: tuple[float, float] | None = None
    entries: list[str] = field(default_factory=list)  # the vocabulary entries (``##ing``), for look-ups

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["extra"] = {str(k): v for k, v in self.extra.items()}
        return data


@dataclass
class EmbeddingView:
    """What the Explore tab and the CLI show: the neighbours and the map, from one model."""

    neighbours: Neighbours
    map: EmbeddingMap | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "neighbours": self.neighbours.as_dict(),
            "map": None if self.map is None else self.map.as_dict(),
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.as_dict(), indent=indent, ensure_ascii=False)

    def csv_rows(self) -> list[dict[str, Any]]:
        """One row per neighbour, then one per map point (``kind`` says which)."""
        rows: list[dict[str, Any]] = [
            {
                "kind": "neighbour",
                "rank": r,
                "token_id": n.token_id,
                "token": n.token_str,
                "similarity": round(n.similarity, 6),
                "x": "",
                "y": "",
                "special": n.special,
            }
            for r, n in enumerate(self.neighbours.neighbours, 1)
        ]
        if self.map is not None:
            rows += [
                {
                    "kind": "map",
                    "rank": r,
                    "token_id": i,
                    "token": t,
                    "similarity": "",
                    "x": round(x, 6),
                    "y": round(y, 6),
                    "special": False,
                }
                for r, (i, t, (x, y)) in enumerate(
                    zip(self.map.token_ids, self.map.tokens, self.map.xy, strict=True), 1
                )
            ]
        return rows


# ---------------------------------------------------------------------------
# The matrix
# ---------------------------------------------------------------------------


def input_embedding(model: torch.nn.Module) -> tuple[Tensor, str]:
    """The [V, d] token embedding (float32, detached) and a sentence on which matrix it is."""
    getter = getattr(model, "get_input_embeddings", None)
    module = getter() if callable(getter) else getattr(model, "tok_emb", None)
    if module is None:  # ELECTRA: generator and discriminator share one embedding block
        module = getattr(getattr(model, "embeddings", None), "tok_emb", None)
    if module is None or not hasattr(module, "weight"):
        raise PredictionError("This model has no token embedding to look at.")
    weight = module.weight.detach().float().cpu()
    decoder = getattr(model, "decoder", None)
    tied = not isinstance(decoder, torch.nn.Linear) or decoder.weight is module.weight
    return weight, TIED_NOTE if tied else UNTIED_NOTE


# ---------------------------------------------------------------------------
# Neighbours
# ---------------------------------------------------------------------------


def resolve_word(tokenizer: MLMTokenizer, text: str) -> ResolvedWord:
    """The token ids a typed word stands for, by the rule in the module docstring."""
    word = text.strip()
    if not word:
        raise PredictionError("Type a word to see its neighbours.")
    exact = tokenizer.token_to_id(word)
    if exact is not None and exact >= N_SPECIAL:
        return ResolvedWord(word, [exact], [tokenizer.token_str(exact)], "token", "")
    ids = [i for i in tokenizer.encode(word) if i >= N_SPECIAL or i == tokenizer.unk_token_id]
    known = [i for i in ids if i != tokenizer.unk_token_id]
    if not known:
        if exact is not None or word in SPECIAL_TOKENS:
            raise PredictionError(
                f"{word} is a special token: it has no neighbours worth showing. Type an ordinary word."
            )
        raise PredictionError(
            f"'{word}' is not in this model's vocabulary (it reads as {UNK}). "
            "Type a word from the training text."
        )
    pieces = [tokenizer.token_str(i) for i in known]
    if len(known) == 1 and len(ids) == 1:
        return ResolvedWord(word, known, pieces, "one piece", "")
    dropped = " (its unknown parts, [UNK], left out)" if len(known) < len(ids) else ""
    note = (
        f"'{word}' is {len(ids)} tokens for this model ({' + '.join(pieces)}){dropped}: the neighbours "
        "are those of the mean of their unit vectors, and the pieces themselves are left out."
    )
    return ResolvedWord(word, known, pieces, "mean of pieces", note)


def _query_vector(unit: Tensor, ids: list[int]) -> Tensor:
    vector = unit[ids].mean(0)
    return vector / vector.norm().clamp_min(1e-12)


def unit_rows(weight: Tensor) -> Tensor:
    return weight / weight.norm(dim=1, keepdim=True).clamp_min(1e-12)


def nearest_tokens(
    predictor: Predictor, text: str, k: int = DEFAULT_NEIGHBOURS, *, include_special: bool = False
) -> Neighbours:
    """The ``k`` tokens whose embeddings are nearest (cosine) to the typed word's, best first."""
    if not 1 <= k <= MAX_NEIGHBOURS:
        raise PredictionError(f"Ask for 1 to {MAX_NEIGHBOURS} neighbours (not {k}).")
    tokenizer = predictor.tokenizer
    word = resolve_word(tokenizer, text)
    weight, note = input_embedding(predictor.model)
    unit = unit_rows(weight)
    similarity = unit @ _query_vector(unit, word.piece_ids)  # [V]
    excluded = list(word.piece_ids) + ([] if include_special else list(range(N_SPECIAL)))
    similarity[excluded] = float("-inf")
    k = min(k, int(torch.isfinite(similarity).sum()))
    values, ids = similarity.topk(k)
    neighbours = [
        Neighbour(
            int(i),
            tokenizer.id_to_token(int(i)) or "",
            tokenizer.token_str(int(i)),
            float(v),
            int(i) < N_SPECIAL,
        )
        for v, i in zip(values, ids, strict=True)
    ]
    return Neighbours(word, neighbours, note)


# ---------------------------------------------------------------------------
# The map
# ---------------------------------------------------------------------------


def frequent_token_ids(vocab_size: int, n: int) -> list[int]:
    """The ``n`` most frequent ordinary tokens of the training text (the canonical vocabulary order)."""
    return list(range(N_SPECIAL, min(vocab_size, N_SPECIAL + max(0, n))))


def principal_components(vectors: Tensor, dims: int = 2) -> tuple[Tensor, Tensor, Tensor]:
    """(mean [d], components [dims, d], explained share [dims]) of the rows, by SVD of the centred rows.

    Each component's sign is fixed (its largest loading positive), so the map does not flip
    between two identical models.
    """
    mean = vectors.mean(0)
    _, s, vh = torch.linalg.svd((vectors - mean).double(), full_matrices=False)
    components = vh[:dims]
    signs = torch.sign(components.gather(1, components.abs().argmax(1, keepdim=True))).squeeze(1)
    components = components * torch.where(signs == 0, torch.ones_like(signs), signs)[:, None]
    variance = s.square()
    share = variance[:dims] / variance.sum().clamp_min(1e-30)
    return mean.double(), components, share


def embedding_map(
    predictor: Predictor, n: int = DEFAULT_MAP_TOKENS, *, highlight: Neighbours | None = None
) -> EmbeddingMap:
    """PCA of the ``n`` most frequent tokens; the highlighted word and its neighbours projected too."""
    if not 3 <= n <= MAX_MAP_TOKENS:
        raise PredictionError(f"Map 3 to {MAX_MAP_TOKENS} tokens (not {n}).")
    tokenizer = predictor.tokenizer
    weight, _ = input_embedding(predictor.model)
    ids = frequent_token_ids(weight.shape[0], n)
    if len(ids) < 3:
        raise PredictionError("This model knows too few tokens to draw a map.")
    mean, components, share = principal_components(weight[ids])
    project = lambda rows: ((rows.double() - mean) @ components.T).tolist()  # noqa: E731
    xy = [tuple(p) for p in project(weight[ids])]
    result = EmbeddingMap(
        ids,
        [tokenizer.token_str(i) for i in ids],
        xy,
        (float(share[0]), float(share[1])),
        entries=[tokenizer.id_to_token(i) or "" for i in ids],
    )
    if highlight is not None:
        extra = [nb.token_id for nb in highlight.neighbours] + list(highlight.word.piece_ids)
        result.extra = {i: tuple(p) for i, p in zip(extra, project(weight[extra]), strict=True)}
        # The query point: the mean of its pieces' vectors at the scale of the embedding.
        query = weight[highlight.word.piece_ids].mean(0, keepdim=True)
        result.query_xy = tuple(project(query)[0])
    return result


def explore_embeddings(
    predictor: Predictor,
    text: str,
    k: int = DEFAULT_NEIGHBOURS,
    n_map: int = DEFAULT_MAP_TOKENS,
    *,
    include_special: bool = False,
) -> EmbeddingView:
    """The neighbours of the typed word and the map with them highlighted (the tab's one question)."""
    neighbours = nearest_tokens(predictor, text, k, include_special=include_special)
    vocab = predictor.tokenizer.vocab_size
    n = min(n_map, vocab - N_SPECIAL)
    return EmbeddingView(neighbours, embedding_map(predictor, n, highlight=neighbours) if n >= 3 else None)
