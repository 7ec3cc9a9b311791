"""Continued pretraining speed (issue 17, figures): a BERT of 20 M+ parameters trained from its
transformers folder by the engine (``train --from``) against transformers' own BertForMaskedLM.

The model: BertForMaskedLM built at random by transformers (d 512, 6 layers, 8 heads, FFN 2048,
an 8,192-token BPE vocabulary trained on sample:pydoc, about 25 M parameters), saved with
``save_pretrained`` and opened by ``engine.hf_import`` as ``train --from FOLDER`` does. The
engine's side is the trainer of that continued run (its layout for BERT, at the default
precision), one ``Trainer._train_step`` per step; the baseline is train_throughput.py's own
Hugging Face contender (BertForMaskedLM + DataCollatorForLanguageModeling + AdamW, fp32, the
loop of the HF throughput baseline), imported from there. Same corpus, same tokenizer, seq 128,
batch 32, 15% masking. The two alternate, ``--steps`` steps each per cycle; tokens/s are
compared per cycle and the median of those ratios is reported, with the load average.

    nice -n 5 python benchmarks/continued_speed.py [--rounds 8] [--steps 2] [--profile 3] [--smoke]

``--profile N`` then runs N more steps of each under torch.profiler and prints the operators
that took the most self CPU time (where the time goes, for docs/PERFORMANCE.md).

``RATIO continued_speed_engine_over_hf_tokens_per_s`` (target >= 2).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import train_throughput as tt  # noqa: E402

import _common as common  # noqa: E402

FULL = tt.Size(d_model=512, num_layers=6, num_heads=8, ffn_dim=2048, vocab=8192, seq_len=128, batch=32)
TARGET = 2.0


def bert_folder(tokenizer, size: tt.Size, out: Path) -> Path:
    """A random BertForMaskedLM of ``size`` with ``tokenizer``, as save_pretrained writes it."""
    model = common.hf_bert(
        tokenizer.vocab_size, tokenizer.pad_token_id, size.d_model, size.num_layers, size.num_heads,
        size.ffn_dim, size.seq_len,
    )  # fmt: skip
    model.save_pretrained(out)
    common.hf_tokenizer(tokenizer).save_pretrained(out)
    return out


def engine_contender(text: str, folder: Path, size: tt.Size, work: Path) -> tuple[tt.Contender, int, str]:
    from mlmstudio.config import MaskingConfig, RunConfig, TrainingConfig
    from mlmstudio.engine.hf_import import open_transformers_folder
    from mlmstudio.engine.start_from import continued_config
    from mlmstudio.engine.trainer import Trainer

    origin = open_transformers_folder(folder, work / "opened")
    base = RunConfig(
        masking=MaskingConfig(mlm_probability=tt.MLM_PROBABILITY),
        training=TrainingConfig(
            batch_size=size.batch, seq_len=size.seq_len, steps=10_000_000, eval_batches=1
        ),
    )
    config = continued_config(base, work / "opened", lr_given=False, warmup_given=False)
    config = replace(config, model=replace(config.model, dropout=0.1))  # BERT's own, as the baseline trains
    trainer = Trainer(config.validate(), text, work / "run")
    trainer.model.train()

    def step() -> int:
        batch = next(trainer.train_batches).to(trainer.device)
        trainer._train_step(batch)
        return int((batch.labels != -100).sum())

    name = f"engine {trainer.precision} ({config.model.arch} layout)"
    return (
        tt.Contender(name, trainer.precision, step, head_everywhere=False),
        origin.parameters,
        trainer.precision,
    )


def profile_steps(contender: tt.Contender, steps: int, rows: int = 14) -> None:
    """``steps`` steps of ``contender`` under torch.profiler: the operators by self CPU time."""
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CPU]) as prof:
        for _ in range(steps):
            contender.step()
    common.section(f"profile: {contender.name}, {steps} steps (load {os.getloadavg()[0]:.1f})")
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=rows))


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=8, help="alternating cycles (default 8)")
    p.add_argument("--steps", type=int, default=2, help="steps per contender per cycle (default 2)")
    p.add_argument("--profile", type=int, default=0, help="then profile N steps of each (default 0)")
    args = p.parse_args()
    size = tt.SMOKE if args.smoke else FULL
    if args.smoke:
        args.rounds, args.steps = 2, 1
    print(common.machine_summary())
    text = tt.corpus_text(size)
    tokenizer = tt.train_tokenizer(text, size)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        folder = bert_folder(tokenizer, size, work / "bert")
        ours, params, precision = engine_contender(text, folder, size, work)
        # The opened model's tokenizer: the same pieces, the specials at 0..4 as the engine keeps them.
        from mlmstudio.engine.tokenization import MLMTokenizer

        opened = MLMTokenizer.load(work / "opened" / "tokenizer.json")
        theirs = tt.hugging_face(text, opened, size, "fp32")
        print(f"model: BertForMaskedLM, {params:,} parameters; seq {size.seq_len}, batch {size.batch}")
        for contender in (ours, theirs):  # warm-up: first steps allocate
            contender.step()
        rates: dict[str, list[float]] = {ours.name: [], theirs.name: []}
        loads = []
        for cycle in range(args.rounds):
            for contender in (ours, theirs) if cycle % 2 == 0 else (theirs, ours):
                began = time.perf_counter()
                for _ in range(args.steps):
                    contender.step()
                seconds = time.perf_counter() - began
                rates[contender.name].append(args.steps * size.batch * size.seq_len / seconds)
            loads.append(os.getloadavg()[0])
        for contender in (ours, theirs) if args.profile > 0 else ():
            profile_steps(contender, args.profile)
    ratios = [a / b for a, b in zip(rates[ours.name], rates[theirs.name], strict=True)]
    common.section("tokens/s per cycle")
    common.table(
        [
            [c + 1, a, b, a / b, load]
            for c, (a, b, load) in enumerate(zip(rates[ours.name], rates[theirs.name], loads, strict=True))
        ],
        ["cycle", ours.name, theirs.name, "ratio", "load"],
    )
    ratio = common.median(ratios)
    print(
        f"median tokens/s: {ours.name} {common.median(rates[ours.name]):,.0f}, {theirs.name} "
        f"{common.median(rates[theirs.name]):,.0f}; load average {common.median(loads):.1f}"
    )
    common.ratio_line("continued_speed_engine_over_hf_tokens_per_s", ratio, f">= {TARGET:g}", ratio >= TARGET)


if __name__ == "__main__":
    main()
