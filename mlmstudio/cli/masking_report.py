"""What a masking configuration does to a corpus, measured: ``mlmstudio masking``."""

from __future__ import annotations

import numpy as np
import torch

from mlmstudio.config import RunConfig
from mlmstudio.engine.corpus import check_enough_tokens, load_corpus
from mlmstudio.engine.data import WindowFramer, encode_stream
from mlmstudio.engine.masking import KEPT, MASKED, RANDOM, mask_tokens_with_actions, masking_statistics
from mlmstudio.engine.tokenization import MLMTokenizer

# Training a tokenizer on more than this adds time, not insight, to a masking report.
_TOKENIZER_TEXT_LIMIT = 2_000_000
_EXAMPLE_TOKENS = 40


def masking_report(config: RunConfig, *, seq_len: int, max_tokens: int, seed: int) -> dict:
    corpus = load_corpus(
        config.corpus.source, text_field=config.corpus.text_field, csv_column=config.corpus.csv_column
    )
    text = corpus.text
    tokenizer = MLMTokenizer.train([text[:_TOKENIZER_TEXT_LIMIT]], config.tokenizer)
    # Encode only about as much text as the token budget needs (~4 characters a token).
    stream = encode_stream(text[: max(max_tokens * 8, 10_000)], tokenizer)
    framer = WindowFramer(tokenizer, seq_len)
    check_enough_tokens(len(stream), framer.body_len, where="measuring")
    windows = min(len(stream) // framer.body_len, max(1, max_tokens // framer.body_len + 1))
    input_ids, _, word_ids = framer.frame(stream, np.arange(windows) * framer.body_len)
    masking = config.masking
    kwargs = dict(
        cfg=masking,
        vocab_size=tokenizer.vocab_size,
        mask_token_id=tokenizer.mask_token_id,
        special_ids=tokenizer.special_ids,
    )
    stats = masking_statistics(input_ids, word_ids, generator=torch.Generator().manual_seed(seed), **kwargs)
    example = _example(
        tokenizer, input_ids[:1, :_EXAMPLE_TOKENS], word_ids[:1, :_EXAMPLE_TOKENS], seed, kwargs
    )
    report = {
        "corpus": corpus.name,
        "tokenizer": config.tokenizer.kind,
        "vocab_size": tokenizer.vocab_size,
        "strategy": masking.strategy,
        "static_masks": masking.static_masks,
        "configured": {
            "mlm_probability": masking.mlm_probability,
            "mask_replace_prob": masking.mask_replace_prob,
            "random_replace_prob": masking.random_replace_prob,
        },
        "tokens": stats.n_tokens,
        "eligible_tokens": stats.n_eligible,
        "selected_fraction": stats.selected_rate,
        "mask_fraction": stats.mask_rate,
        "random_fraction": stats.random_rate,
        "unchanged_fraction": stats.kept_rate,
        "mask_fraction_of_selected": _share(stats.n_masked, stats.n_selected),
        "random_fraction_of_selected": _share(stats.n_random, stats.n_selected),
        "unchanged_fraction_of_selected": _share(stats.n_kept, stats.n_selected),
        "mean_span_length": stats.mean_span_words,
        "special_tokens_selected": stats.n_special_selected,
        "example": example,
    }
    report["text"] = _describe(report)
    return report


def _example(
    tokenizer: MLMTokenizer, ids: torch.Tensor, words: torch.Tensor, seed: int, kwargs: dict
) -> dict:
    result = mask_tokens_with_actions(
        ids, word_ids=words, generator=torch.Generator().manual_seed(seed), **kwargs
    )
    before = [tokenizer.id_to_token(int(i)) for i in ids[0]]
    marks = {MASKED: "", RANDOM: "~", KEPT: "="}
    after = []
    for token_id, action in zip(result.input_ids[0].tolist(), result.actions[0].tolist(), strict=True):
        token = tokenizer.id_to_token(int(token_id))
        after.append(f"{marks[action]}{token}" if action in marks and action != MASKED else token)
    return {
        "before": before,
        "after": after,
        "legend": "[MASK]: replaced by the mask token; ~tok: replaced by a random token; "
        "=tok: selected but left unchanged (the model must still predict it)",
    }


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _describe(r: dict) -> str:
    c = r["configured"]
    lines = [
        f"Corpus {r['corpus']}, {r['tokenizer']} tokenizer ({r['vocab_size']} tokens), "
        f"{r['strategy']} masking, {'static x' + str(r['static_masks']) if r['static_masks'] else 'dynamic'}.",
        "",
        "before: " + " ".join(r["example"]["before"]),
        "after:  " + " ".join(r["example"]["after"]),
        f"        ({r['example']['legend']})",
        "",
        f"Measured over {r['tokens']:,} tokens ({r['eligible_tokens']:,} maskable):",
        f"  selected:   {r['selected_fraction']:.4f}  (configured {c['mlm_probability']})",
        f"  [MASK]:     {r['mask_fraction_of_selected']:.4f} of selected  (configured {c['mask_replace_prob']})",
        f"  random:     {r['random_fraction_of_selected']:.4f} of selected  (configured {c['random_replace_prob']})",
        f"  unchanged:  {r['unchanged_fraction_of_selected']:.4f} of selected",
        f"  mean span:  {r['mean_span_length']:.2f} words",
        f"  special tokens selected: {r['special_tokens_selected']}",
    ]
    return "\n".join(lines)
