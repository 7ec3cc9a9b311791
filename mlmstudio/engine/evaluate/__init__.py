"""Evaluation on labelled tasks: was the pretraining worth it? (issue 20, item 1).

- ``tasks``: labelled tasks read from CSV, TSV or JSONL files, streamed and capped, with their refusals.
- ``corpus_tasks``: tasks made from texts with no labels (word-shuffled or not, which text).
- ``demo_task``: the shipped ``sample:kinds`` (animal, food or place).
- ``features``: mean-pooled last-layer features of a frozen encoder.
- ``probe``: the held-out split, the logistic-regression probe and the majority baseline.
- ``finetune``: the optional short fine-tune of the whole encoder with a head.
- ``transfer``: the comparison of a run, its random twin, its checkpoints and other runs over seeds.

Like ``inspect``, nothing here trains a run or imports the trainer, Qt or the store.
"""
