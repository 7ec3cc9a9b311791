"""Attention latency: every layer's and head's weights for a 64-token text, small preset.

A model folder is written for the ``small`` preset (weights as initialised:
latency does not depend on what the model learned) with a WordPiece tokenizer
trained on the pydoc sample, and loaded back the way the app loads a run.
Timed, after a warm-up, as medians of calls that take turns (attention, then
the baseline, repeat), so both see the same load:

- ``engine.inspect.attention.attend``: [CLS] text [SEP] (64 tokens) through the
  inspection path (one forward pass with a pre-hook on each attention layer
  that computes its softmax weights), for ``modern`` and ``seed``;
- the baseline, in the same run: one plain forward pass of the same 64 token
  ids (what the model costs without inspection).

The ratio attention / plain forward is the inspection's overhead.

    python benchmarks/attention_latency.py [--calls 30] [--smoke]
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from score_latency import sentence_of

import _common as common

TARGET_TOKENS = 64  # with [CLS] and [SEP]
TARGET_MS = 100.0


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=30, help="timed calls per figure (default 30)")
    p.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch threads (default 1: then CPU time per call is the time on an idle core)",
    )
    args = p.parse_args()
    calls = 3 if args.smoke else args.calls

    import torch

    torch.set_num_threads(max(1, args.threads))

    from mlmstudio.config import TokenizerConfig
    from mlmstudio.engine.inspect.attention import attend
    from mlmstudio.engine.predict import Predictor
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.tokenization import MLMTokenizer

    print("attention_latency:", common.machine_summary())
    text = sample_text("pydoc")
    if args.smoke:
        text = text[:60_000]
    tokenizer = MLMTokenizer.train([text], TokenizerConfig(vocab_size=600 if args.smoke else 4000))
    sentence = sentence_of(tokenizer, text, TARGET_TOKENS - 2)
    body = tokenizer.encode(sentence)
    preset = "tiny" if args.smoke else "small"
    print(
        f"tokenizer: WordPiece, {tokenizer.vocab_size} tokens; text of {len(body)} tokens "
        f"(+ [CLS] and [SEP]); {calls} timed calls each, taking turns"
    )

    rows, figures = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for arch in ("modern", "seed"):
            predictor = Predictor.from_dir(common.write_model(Path(tmp), preset, arch, tokenizer))
            ids = torch.tensor([[tokenizer.cls_token_id, *body, tokenizer.sep_token_id]])

            def plain(p=predictor, ids=ids):
                with torch.inference_mode():
                    p.model(ids)

            inspect = lambda p=predictor: attend(p, sentence)  # noqa: E731
            result = inspect()
            worst_row = float(abs(result.weights.sum(-1) - 1.0).max())
            for _ in range(3):  # warm-up
                inspect()
                plain()
            wall = {"attention": [], "forward": []}
            cpu = {"attention": [], "forward": []}
            ratios = []
            for _ in range(calls):
                for name, fn in (("attention", inspect), ("forward", plain)):
                    start, start_cpu = time.perf_counter(), time.process_time()
                    fn()
                    wall[name].append(1000 * (time.perf_counter() - start))
                    cpu[name].append(1000 * (time.process_time() - start_cpu))
                ratios.append(wall["attention"][-1] / wall["forward"][-1])
            params = sum(t.numel() for t in predictor.model.parameters())
            shape = "x".join(str(n) for n in result.weights.shape)
            for name in ("attention", "forward"):
                what = f"attend: weights {shape}" if name == "attention" else "plain forward (baseline)"
                rows.append(
                    [
                        preset,
                        arch,
                        f"{params / 1e6:.2f}M",
                        what,
                        common.median(wall[name]),
                        common.median(cpu[name]),
                    ]
                )
            print(f"{arch}: {len(result.tokens)} tokens, rows sum to 1 within {worst_row:.1e}")
            figures[arch] = (
                common.median(wall["attention"]),
                common.median(cpu["attention"]),
                common.median(ratios),
            )

    common.section(f"median latency of one text's attention ({TARGET_TOKENS} tokens)")
    common.table(rows, ["preset", "arch", "params", "what", "wall ms", "CPU ms"])
    for arch, (wall_ms, cpu_ms, ratio) in figures.items():
        common.ratio_line(
            f"attention_latency_{preset}_{arch}_{TARGET_TOKENS}_tokens_median_ms",
            wall_ms,
            f"< {TARGET_MS:g}",
            wall_ms < TARGET_MS,
        )
        common.ratio_line(
            f"attention_latency_{preset}_{arch}_{TARGET_TOKENS}_tokens_median_cpu_ms",
            cpu_ms,
            f"< {TARGET_MS:g}",
            cpu_ms < TARGET_MS,
        )
        common.ratio_line(f"attention_latency_{preset}_{arch}_over_plain_forward", ratio, ">= 1", ratio >= 1)


if __name__ == "__main__":
    main()
