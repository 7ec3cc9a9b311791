"""Masking speed: span and whole-word masking against plain token masking, on the same batches.

Moved here from a test that asserted "span masking under 20 ms": a timing on a
shared machine says nothing in a test. Span masking walks words in Python, so it
is compared with token masking (vectorised) timed in the same run. The target
(span at most 50x token) is a first bound, not yet a measurement on an idle machine.
"""

from __future__ import annotations

import time

import _common as common


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=50, help="timed calls per figure (default 50)")
    args = p.parse_args()
    calls = 5 if args.smoke else args.calls

    import torch

    from mlmstudio.config import MaskingConfig
    from mlmstudio.engine.masking import mask_tokens

    print("masking_speed:", common.machine_summary())
    generator = torch.Generator().manual_seed(0)
    ids = torch.randint(5, 4000, (16, 128), generator=generator)
    word_ids = torch.cumsum((torch.rand(16, 128, generator=generator) < 0.7).long(), dim=1)
    kwargs = dict(vocab_size=4000, mask_token_id=4, special_ids=(0, 1, 2, 3, 4), word_ids=word_ids)

    def timed(strategy: str) -> float:
        cfg = MaskingConfig(strategy=strategy, mlm_probability=0.3)
        times = []
        for _ in range(calls):
            start = time.perf_counter()
            mask_tokens(ids, cfg=cfg, generator=generator, **kwargs)
            times.append(1000 * (time.perf_counter() - start))
        return common.median(times)

    token, whole, span = timed("token"), timed("whole-word"), timed("span")
    common.table(
        [("token", token), ("whole-word", whole), ("span", span)], ("strategy", "median ms per 16x128 batch")
    )
    ratio = span / token if token else float("inf")
    print(common.ratio_line("masking_span_over_token", ratio, "<= 50", ratio <= 50))


if __name__ == "__main__":
    main()
