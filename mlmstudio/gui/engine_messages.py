"""The engine's sentences a first-time user meets, in the user's language.

The engine, the store and the config raise errors as English sentences (they import no Qt
and serve the command line too). The app shows many of them as they come. The ones a
newcomer meets on the Simple path go through ``translated``: each is recognised by its
English wording, and its values (a file name, a number) are carried into the
translated sentence. A sentence that matches nothing is shown as it came, in English.

Each pattern mirrors the sentence its engine module writes; tests/gui/test_engine_messages.py
raises every one of them for real, so a reworded engine sentence fails that test rather
than silently losing its translation.
"""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QT_TRANSLATE_NOOP

from mlmstudio.config import FIELD_LABELS
from mlmstudio.gui.i18n import translate

# (the engine's English sentence as a pattern with named values, the translatable template)
_SENTENCES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), template)
    for pattern, template in (
        (
            r"(?P<path>.+) does not exist\. Check the path, or choose another file or folder\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{path} does not exist. Check the path, or choose another file or folder."
            ),
        ),
        (
            r"(?P<name>.+) contains no text \(it is empty or only whitespace\)\. Choose a file with some text in it\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} contains no text (it is empty or only whitespace). Choose a file with some text in it.",
            ),
        ),
        (
            r"(?P<name>.+) looks like a binary file \((?P<share>[\d.]+%) of its first characters are control "
            r"characters\), not plain text\. Export it as plain text first\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} looks like a binary file ({share} of its first characters are control characters), "
                "not plain text. Export it as plain text first.",
            ),
        ),
        (
            r"(?P<name>.+) looks like a binary file \(it contains (?P<count>[\d,]+) NUL bytes\), not plain text\. "
            r"Export it as plain text first\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} looks like a binary file (it contains {count} NUL bytes), not plain text. "
                "Export it as plain text first.",
            ),
        ),
        (
            r"The folder (?P<folder>.+) contains no \.txt or \.md files\. Choose a folder with text files, or a "
            r"single file\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder {folder} contains no .txt or .md files. Choose a folder with text files, or a single file.",
            ),
        ),
        (
            r"(?P<path>.+) cannot be read: permission denied\. Check the file's permissions, or copy it somewhere "
            r"you can read\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} cannot be read: permission denied. Check the file's permissions, or copy it somewhere "
                "you can read.",
            ),
        ),
        (
            r"(?P<path>.+) is not a regular file \(it is a device, a pipe or a socket\)\. Choose a text file or a "
            r"folder\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} is not a regular file (it is a device, a pipe or a socket). Choose a text file or a folder.",
            ),
        ),
        (
            r"There is no text to train the tokenizer on\. Choose a corpus with some text in it\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "There is no text to train the tokenizer on. Choose a corpus with some text in it.",
            ),
        ),
        (
            r"The training text gives too few tokens to train on \((?P<tokens>\d+) tokens, (?P<distinct>\d+) "
            r"distinct\)\. Use a larger corpus or a lower minimum frequency\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The training text gives too few tokens to train on ({tokens} tokens, {distinct} distinct). "
                "Use a larger corpus or a lower minimum frequency.",
            ),
        ),
        (
            r"The loss became (?P<value>\S+) at step (?P<step>\d+), so training stopped\. Try a lower learning "
            r"rate \(now (?P<lr>\S+)\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The loss became {value} at step {step}, so training stopped. Try a lower learning rate (now {lr}).",
            ),
        ),
        (
            r"Training this model needs about (?P<needed>.+?) of memory, but only (?P<free>.+?) is free\. Choose a "
            r"smaller width, fewer layers, a smaller vocabulary, batch or sequence length, or close other programs\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Training this model needs about {needed} of memory, but only {free} is free. Choose a smaller "
                "width, fewer layers, a smaller vocabulary, batch or sequence length, or close other programs.",
            ),
        ),
        # The learned-too-little advice (engine/learned_too_little.py), a sentence at a time.
        (
            r"The computer was busy or slower than when it was measured: this run made (?P<steps>[\d,]+) "
            r"steps of the (?P<expected>[\d,]+) expected in its time \((?P<share>\d+%)\), so it learned "
            r"less than it could\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The computer was busy or slower than when it was measured: this run made {steps} steps of "
                "the {expected} expected in its time ({share}), so it learned less than it could.",
            ),
        ),
        (
            r"It answers only (?P<answered>\d+) of its (?P<asked>\d+) fact questions, so it learned too little\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "It answers only {answered} of its {asked} fact questions, so it learned too little.",
            ),
        ),
        (
            r"To learn more: train longer, give a step count instead of minutes \(steps do not depend on how "
            r"busy the computer is\), or close other programs while training\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "To learn more: train longer, give a step count instead of minutes (steps do not depend on "
                "how busy the computer is), or close other programs while training.",
            ),
        ),
        # The run's thread note (mlmstudio/thread_policy.py ThreadPolicy.describe, via the trainer).
        (
            r"CPU threads: adaptive, (?P<threads>\d+) threads? of (?P<cores>\d+) cores? \(the window keeps a core\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "CPU threads: adaptive, {threads} of {cores} cores (the window keeps a core).",
            ),
        ),
        (
            r"CPU threads: adaptive, (?P<threads>\d+) threads? of (?P<cores>\d+) cores? \(fewer when the "
            r"computer is busy\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "CPU threads: adaptive, {threads} of {cores} cores (fewer when the computer is busy).",
            ),
        ),
        (
            r"No corpus chosen\. Pick a text file, a folder or a built-in sample\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "No corpus chosen. Pick a text file, a folder or a built-in sample."
            ),
        ),
        # A corpus too short for one training window (engine/corpus.py check_enough_tokens), shown in Setup.
        (
            r"The corpus gives only (?P<tokens>[\d,]+) tokens for training, but one training window needs "
            r"(?P<needed>[\d,]+)\. Use a shorter sequence length or add more text\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The corpus gives only {tokens} tokens for training, but one training window needs {needed}. "
                "Use a shorter sequence length or add more text.",
            ),
        ),
        # The run configuration's rules between settings (mlmstudio/config.py), shown in Setup.
        (
            r"The width \((?P<width>\d+)\) must be divisible by the number of heads \((?P<heads>\d+)\)\. "
            r"Try (?P<suggestion>\d+) or change the heads\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The width ({width}) must be divisible by the number of heads ({heads}). "
                "Try {suggestion} or change the heads.",
            ),
        ),
        (
            r"Rotary positions need an even width per head; (?P<width>\d+) wide with (?P<heads>\d+) heads "
            r"gives (?P<per_head>\d+)\. Change the width or the heads, or use learned positions\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Rotary positions need an even width per head; {width} wide with {heads} heads gives "
                "{per_head}. Change the width or the heads, or use learned positions.",
            ),
        ),
        (
            r"ELECTRA \(objective 'electra'\) is built on BERT's own layout, the 'seed' architecture, so that "
            r"it exports to Hugging Face's ELECTRA; the '(?P<arch>[^']+)' architecture cannot be used with "
            r"it\. Set the architecture to 'seed' \(--arch seed\) or the objective to 'mlm'\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "ELECTRA (objective 'electra') is built on BERT's own layout, the 'seed' architecture, so "
                "that it exports to Hugging Face's ELECTRA; the '{arch}' architecture cannot be used with "
                "it. Set the architecture to 'seed' (--arch seed) or the objective to 'mlm'.",
            ),
        ),
        (
            r"ESM's token dropout \(token_dropout_id\) belongs to ESM models: the 'modern' design with rotary "
            r"positions and the 'mlm' objective\. Set it to -1 for this model\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "ESM's token dropout (token_dropout_id) belongs to ESM models: the 'modern' design with "
                "rotary positions and the 'mlm' objective. Set it to -1 for this model.",
            ),
        ),
        (
            r"The \[MASK\] share \((?P<mask>[^)]+)\) and the random-token share \((?P<random>[^)]+)\) add up "
            r"to more than 1\. Lower one of them; BERT uses 0\.8 and 0\.1\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The [MASK] share ({mask}) and the random-token share ({random}) add up to more than 1. "
                "Lower one of them; BERT uses 0.8 and 0.1.",
            ),
        ),
        (
            r"The sequence length \((?P<seq_len>\d+)\) is longer than the model's maximum length "
            r"\((?P<max_len>\d+)\)\. Shorten the sequences or raise the maximum length\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The sequence length ({seq_len}) is longer than the model's maximum length ({max_len}). "
                "Shorten the sequences or raise the maximum length.",
            ),
        ),
        # A setting outside its bounds (config.field_problem); the setting's name is translated too.
        (
            r"The setting (?P<setting>.+?) must be between (?P<low>\S+) and (?P<high>\S+) "
            r"\(0 means (?P<zero>[^)]+)\); got (?P<value>\S+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The setting {setting} must be between {low} and {high} (0 means {zero}); got {value}.",
            ),
        ),
        (
            r"The setting (?P<setting>.+?) must be between (?P<low>\S+) and (?P<high>\S+); got (?P<value>\S+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "The setting {setting} must be between {low} and {high}; got {value}."
            ),
        ),
        (
            r"The setting (?P<setting>.+?) must be at least (?P<low>\S+) \(0 means (?P<zero>[^)]+)\); "
            r"got (?P<value>\S+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The setting {setting} must be at least {low} (0 means {zero}); got {value}.",
            ),
        ),
        (
            r"The setting (?P<setting>.+?) must be at least (?P<low>\S+); got (?P<value>\S+)\.",
            QT_TRANSLATE_NOOP("EngineMessages", "The setting {setting} must be at least {low}; got {value}."),
        ),
        (
            r"The setting (?P<setting>.+?) must be at most (?P<high>\S+) \(0 means (?P<zero>[^)]+)\); "
            r"got (?P<value>\S+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The setting {setting} must be at most {high} (0 means {zero}); got {value}.",
            ),
        ),
        (
            r"The setting (?P<setting>.+?) must be at most (?P<high>\S+); got (?P<value>\S+)\.",
            QT_TRANSLATE_NOOP("EngineMessages", "The setting {setting} must be at most {high}; got {value}."),
        ),
        (
            r"The setting (?P<setting>.+?) holds (?P<count>\d+) probes; at most (?P<limit>\d+) are tested\. "
            r"Remove some\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The setting {setting} holds {count} probes; at most {limit} are tested. Remove some.",
            ),
        ),
        # One probe row that cannot be used (config.ProbeSpec.problem), shown under Setup's probes.
        (
            r"Probe (?P<number>\d+) is empty: write a sentence with \[MASK\] where the answer goes\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Probe {number} is empty: write a sentence with [MASK] where the answer goes.",
            ),
        ),
        (
            r"Probe (?P<number>\d+) is (?P<length>[\d,]+) characters long; keep a probe sentence under "
            r"(?P<limit>\d+) characters\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Probe {number} is {length} characters long; keep a probe sentence under {limit} characters.",
            ),
        ),
        (
            r"Probe (?P<number>\d+) (?P<sentence>.+) has no \[MASK\]: a probe asks about exactly one blank, "
            r"so write \[MASK\] once, where the answer goes\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Probe {number} {sentence} has no [MASK]: a probe asks about exactly one blank, so write "
                "[MASK] once, where the answer goes.",
            ),
        ),
        (
            r"Probe (?P<number>\d+) (?P<sentence>.+) has (?P<count>\d+) \[MASK\]s: a probe asks about exactly "
            r"one blank, so write \[MASK\] once, where the answer goes\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Probe {number} {sentence} has {count} [MASK]s: a probe asks about exactly one blank, so "
                "write [MASK] once, where the answer goes.",
            ),
        ),
        (
            r"Probe (?P<number>\d+) (?P<sentence>.+) has no expected answer: give the word that belongs at "
            r"\[MASK\]\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Probe {number} {sentence} has no expected answer: give the word that belongs at [MASK].",
            ),
        ),
        (
            r"Probe (?P<number>\d+) (?P<sentence>.+): the answer is longer than (?P<limit>\d+) characters; "
            r"give one word\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Probe {number} {sentence}: the answer is longer than {limit} characters; give one word.",
            ),
        ),
        (
            r"Probe (?P<number>\d+) (?P<sentence>.+): the sentence and the answer must each be one line, and "
            r"the answer without \[MASK\]\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Probe {number} {sentence}: the sentence and the answer must each be one line, and the "
                "answer without [MASK].",
            ),
        ),
        # The chosen device (engine/device.py resolve_device), shown in Setup.
        (
            r"The device 'cuda' was chosen, but PyTorch finds no CUDA GPU on this machine\. Choose the device "
            r"'auto' or 'cpu'\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The device 'cuda' was chosen, but PyTorch finds no CUDA GPU on this machine. Choose the "
                "device 'auto' or 'cpu'.",
            ),
        ),
        (
            r"The device '(?P<device>[^']+)' was chosen, but this machine has only (?P<count>\d+) CUDA "
            r"GPU\(s\)\. Choose 'cuda' or a lower number\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The device '{device}' was chosen, but this machine has only {count} CUDA GPU(s). Choose "
                "'cuda' or a lower number.",
            ),
        ),
        (
            r"The device 'mps' was chosen, but Apple's Metal \(MPS\) is not available here\. Choose the device "
            r"'auto' or 'cpu'\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The device 'mps' was chosen, but Apple's Metal (MPS) is not available here. Choose the "
                "device 'auto' or 'cpu'.",
            ),
        ),
        (
            r"This GPU cannot compute in bf16\. Choose the precision 'fp32' or 'auto'\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "This GPU cannot compute in bf16. Choose the precision 'fp32' or 'auto'."
            ),
        ),
        # Why a run cannot go to Hugging Face (engine/hf_compat.py NOT_EXPORTABLE).
        (
            r"This run uses the distance bias \(ALiBi-style\), which no Hugging Face transformers encoder "
            r"has, so it cannot be exported exactly\. Runs trained with the distance bias off "
            r"\(--no-distance-bias; in Setup, Advanced: 'Distance bias'\) or with --arch seed can be "
            r"exported; with rotary positions \(--positions rotary\) a run without the distance bias learns "
            r"nearly as fast\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "This run uses the distance bias (ALiBi-style), which no Hugging Face transformers encoder "
                "has, so it cannot be exported exactly. Runs trained with the distance bias off "
                "(--no-distance-bias; in Setup, Advanced: 'Distance bias') or with --arch seed can be "
                "exported; with rotary positions (--positions rotary) a run without the distance bias "
                "learns nearly as fast.",
            ),
        ),
        # Why a run has no model (store/records.py RunSummary.no_model_reason).
        (
            r"Run (?P<run>\S+) has no trained model: its folder (?P<folder>.+) was deleted or moved\. Put the "
            r"folder back, or delete the run from the history\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} has no trained model: its folder {folder} was deleted or moved. Put the folder "
                "back, or delete the run from the history.",
            ),
        ),
        (
            r"Run (?P<run>\S+) is still training and has not saved its model yet\. Wait until it ends\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} is still training and has not saved its model yet. Wait until it ends.",
            ),
        ),
        (
            r"Run (?P<run>\S+) has not started, so it has no model yet\.",
            QT_TRANSLATE_NOOP("EngineMessages", "Run {run} has not started, so it has no model yet."),
        ),
        (
            r"Run (?P<run>\S+) has no trained model: (?P<missing>.+) missing from (?P<folder>.+)\. The files "
            r"were deleted or moved; put them back, or choose another run\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} has no trained model: {missing} missing from {folder}. The files were deleted "
                "or moved; put them back, or choose another run.",
            ),
        ),
        (
            r"Run (?P<run>\S+) is (?P<status>[\w ]+): it ended at step (?P<step>\d+), before it saved a model "
            r"or a checkpoint\. Resume it \('(?P<command>[^']+)'\) to train it again from the start, or "
            r"choose another run\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} is {status}: it ended at step {step}, before it saved a model or a checkpoint. "
                "Resume it ('{command}') to train it again from the start, or choose another run.",
            ),
        ),
        (
            r"Run (?P<run>\S+) is (?P<status>[\w ]+) and has not saved a model yet\. Resume it "
            r"\('(?P<command>[^']+)'\) to train on and save one, or choose another run\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} is {status} and has not saved a model yet. Resume it ('{command}') to train on "
                "and save one, or choose another run.",
            ),
        ),
        # The run history's sentences a newcomer can meet (store/service.py, store/transfer_runs.py).
        (
            r"A run name cannot be empty\. Give a few words that describe the run\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "A run name cannot be empty. Give a few words that describe the run."
            ),
        ),
        (
            r"Run (?P<run>\S+) is being trained by a process that is still alive \(perhaps paused or "
            r"suspended\)\. Stop it before deleting it\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} is being trained by a process that is still alive (perhaps paused or suspended). "
                "Stop it before deleting it.",
            ),
        ),
        (
            r"Run (?P<run>\S+) is (?P<status>[\w ]+); stop it before deleting it\.",
            QT_TRANSLATE_NOOP("EngineMessages", "Run {run} is {status}; stop it before deleting it."),
        ),
        (
            r"Run (?P<run>\S+) cannot be compared: (?P<reason>.+)",
            QT_TRANSLATE_NOOP("EngineMessages", "Run {run} cannot be compared: {reason}"),
        ),
        (
            r"The stored configuration of run (?P<run>\S+) is no longer valid: (?P<reason>.+)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "The stored configuration of run {run} is no longer valid: {reason}"
            ),
        ),
        # Resuming a run (store/lifecycle.py), shown on the Train page and in History.
        (
            r"Run (?P<run>\S+) has already been started \(it is (?P<status>[\w ]+)\)\. Resume it instead, or start "
            r"a new run\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} has already been started (it is {status}). Resume it instead, or start a new run.",
            ),
        ),
        (
            r"The folder of run (?P<run>\S+) \((?P<folder>.+)\) is missing or has no config\.json, so it cannot "
            r"be resumed\. Start a new run with the same settings instead\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder of run {run} ({folder}) is missing or has no config.json, so it cannot be resumed. "
                "Start a new run with the same settings instead.",
            ),
        ),
        (
            r"The folder of run (?P<run>\S+) cannot be written \((?P<error>.+)\)\. Check the disk and the "
            r"permissions\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder of run {run} cannot be written ({error}). Check the disk and the permissions.",
            ),
        ),
        (
            r"Run (?P<run>\S+) is being trained by another process right now\. Stop it there first, or wait "
            r"until it ends\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} is being trained by another process right now. Stop it there first, or wait until "
                "it ends.",
            ),
        ),
        (
            r"Run (?P<run>\S+) is (?P<status>[\w ]+) in process (?P<pid>\S+) on (?P<host>.+)\. Stop it there "
            r"first, or wait until it ends\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} is {status} in process {pid} on {host}. Stop it there first, or wait until it ends.",
            ),
        ),
        (
            r"Run (?P<run>\S+) has already completed, so there is nothing to resume\. Start a new run to train "
            r"longer\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} has already completed, so there is nothing to resume. Start a new run to train longer.",
            ),
        ),
        (
            r"Run (?P<run>\S+) has not started yet, so there is nothing to resume\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "Run {run} has not started yet, so there is nothing to resume."
            ),
        ),
        # Per-token loss's refusals (store/token_loss_runs.py).
        (
            r"Run (?P<run>\S+) is a model opened from a folder, not trained here, so it has no held-out text "
            r"of its own\. Choose a text to measure it on \(on the command line: (?P<command>.+)\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} is a model opened from a folder, not trained here, so it has no held-out text of "
                "its own. Choose a text to measure it on (on the command line: {command}).",
            ),
        ),
        (
            r"Both references name run (?P<run>\S+)\. Choose two different runs to compare\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "Both references name run {run}. Choose two different runs to compare."
            ),
        ),
        (
            r"Runs (?P<a>\S+) and (?P<b>\S+) were trained on different corpora \((?P<corpus_a>.+) and "
            r"(?P<corpus_b>.+)\), so their validation texts differ and cannot be compared\. Choose two runs "
            r"of the same corpus\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Runs {a} and {b} were trained on different corpora ({corpus_a} and {corpus_b}), so their "
                "validation texts differ and cannot be compared. Choose two runs of the same corpus.",
            ),
        ),
        # A sweep's settings as written on the Sweep page (sweep/space.py); a setting's name is translated.
        (
            r"'(?P<text>.*)' is not a sweep setting\. Write NAME=LOW:HIGH \(a range, add :log for a log scale\) "
            r"or NAME=A,B,C \(choices\), e\.g\. lr=1e-4:3e-3:log\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "'{text}' is not a sweep setting. Write NAME=LOW:HIGH (a range, add :log for a log scale) or "
                "NAME=A,B,C (choices), e.g. lr=1e-4:3e-3:log.",
            ),
        ),
        (
            r"'(?P<name>[^']*)' is not a run setting, so it cannot be swept\. Use one of: (?P<names>.+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "'{name}' is not a run setting, so it cannot be swept. Use one of: {names}."
            ),
        ),
        (
            r"'(?P<name>[^']*)' has no range\. Give LOW:HIGH or a list of choices such as 1,2,4\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "'{name}' has no range. Give LOW:HIGH or a list of choices such as 1,2,4."
            ),
        ),
        (
            r"The range '(?P<values>[^']*)' for (?P<label>.+) is not LOW:HIGH or LOW:HIGH:log \(e\.g\. "
            r"(?P<example>\S+)\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The range '{values}' for {label} is not LOW:HIGH or LOW:HIGH:log (e.g. {example}).",
            ),
        ),
        (
            r"(?P<label>.+) is not a number, so it takes choices, not a range: (?P<example>\S+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{label} is not a number, so it takes choices, not a range: {example}."
            ),
        ),
        (
            r"The range (?P<low>\S+):(?P<high>\S+) for (?P<label>.+) is empty: the low end must be below the "
            r"high end\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The range {low}:{high} for {label} is empty: the low end must be below the high end.",
            ),
        ),
        (
            r"A log-scale range cannot start at (?P<low>\S+) \((?P<label>.+)\); start it above 0 or drop ':log'\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "A log-scale range cannot start at {low} ({label}); start it above 0 or drop ':log'.",
            ),
        ),
        (
            r"No width between (?P<low>\S+) and (?P<high>\S+) divides by the (?P<heads>\d+) attention heads; "
            r"widen the range\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "No width between {low} and {high} divides by the {heads} attention heads; widen the range.",
            ),
        ),
        (
            r"The choices '(?P<values>[^']*)' for (?P<label>.+) have an empty entry; separate values with single "
            r"commas, e\.g\. 1,2,4\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The choices '{values}' for {label} have an empty entry; separate values with single commas, "
                "e.g. 1,2,4.",
            ),
        ),
        (
            r"(?P<label>.+) has only one choice \((?P<choice>.*)\), so there is nothing to compare\. Give at least "
            r"two, or a range LOW:HIGH\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{label} has only one choice ({choice}), so there is nothing to compare. Give at least two, or a "
                "range LOW:HIGH.",
            ),
        ),
        (
            r"(?P<label>.+) is given twice; give each setting once\.",
            QT_TRANSLATE_NOOP("EngineMessages", "{label} is given twice; give each setting once."),
        ),
        (
            r"The (?P<what>range|choices) for (?P<label>.+?): (?P<reason>.+)",
            QT_TRANSLATE_NOOP("EngineMessages", "The {what} for {label}: {reason}"),
        ),
        (
            r"No trial could train with (?P<names>.+) \((?P<text>[^()]*)\) on this base recipe: (?P<reason>.+) "
            r"Drop those choices, or change the base recipe so they fit\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "No trial could train with {names} ({text}) on this base recipe: {reason} Drop those choices, "
                "or change the base recipe so they fit.",
            ),
        ),
        (
            r"Keep the sweep inside what the setting allows\.",
            QT_TRANSLATE_NOOP("EngineMessages", "Keep the sweep inside what the setting allows."),
        ),
        # What a run capsule can expect (engine/capsule.py SpeedupEstimate.sentence, LaunchPlan.check).
        (
            r"One process: no communication; the run takes as long as it does here on a machine as fast as "
            r"this one\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "One process: no communication; the run takes as long as it does here on a machine as fast "
                "as this one.",
            ),
        ),
        (
            r"Expect about (?P<speedup>[\d.]+)x the speed of this computer with (?P<processes>\d+) processes: "
            r"a step takes (?P<step_ms>\d+) ms here, and exchanging the gradient over 1 Gbit/s Ethernet adds "
            r"about (?P<exchange_ms>\d+) ms to every step\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Expect about {speedup}x the speed of this computer with {processes} processes: a step takes "
                "{step_ms} ms here, and exchanging the gradient over 1 Gbit/s Ethernet adds about "
                "{exchange_ms} ms to every step.",
            ),
        ),
        (
            r"That is slower than training here: use fewer, faster machines or a faster network\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "That is slower than training here: use fewer, faster machines or a faster network.",
            ),
        ),
        (
            r"The rendezvous port must be between 1 and 65535; got (?P<port>-?\d+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "The rendezvous port must be between 1 and 65535; got {port}."
            ),
        ),
        (
            r"The rendezvous host (?P<host>.+) is not a host name or an IP address\. Give the address of the "
            r"first node, e\.g\. 10\.0\.0\.1 or node01\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The rendezvous host {host} is not a host name or an IP address. Give the address of the "
                "first node, e.g. 10.0.0.1 or node01.",
            ),
        ),
        (
            r"The rendezvous address (?P<address>.+) is not HOST:PORT \(e\.g\. 10\.0\.0\.1:29500\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "The rendezvous address {address} is not HOST:PORT (e.g. 10.0.0.1:29500)."
            ),
        ),
        # Unspaced Chinese or Japanese in the masking preview (engine/tokenization.py unspaced_cjk_note).
        (
            r"Chinese lines without spaces are split into words by (?P<segmenter>\S+), so whole-word and span "
            r"masking hide each of its words whole\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Chinese lines without spaces are split into words by {segmenter}, so whole-word and span "
                "masking hide each of its words whole.",
            ),
        ),
        (
            r"Some Chinese or Japanese lines have no spaces between words, so whole-word and span masking "
            r"treat each character there \(each kana run\) as a word\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Some Chinese or Japanese lines have no spaces between words, so whole-word and span masking "
                "treat each character there (each kana run) as a word.",
            ),
        ),
        (
            r"Put spaces between the words to have them masked whole\.",
            QT_TRANSLATE_NOOP("EngineMessages", "Put spaces between the words to have them masked whole."),
        ),
        (
            r"Put spaces between the words to have them masked whole, or install (?P<segmenter>\S+) "
            r"\((?P<how>pip install \S+)\) to split Chinese into words\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Put spaces between the words to have them masked whole, or install {segmenter} ({how}) to "
                "split Chinese into words.",
            ),
        ),
        (
            r"Put spaces between the words to have them masked whole, or install (?P<segmenter>\S+) "
            r"\(the desktop bundle does not hold (?P=segmenter); a pip install of MLM Studio can add it\) to "
            r"split Chinese into words\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Put spaces between the words to have them masked whole, or install {segmenter} (the "
                "desktop bundle does not hold {segmenter}; a pip install of MLM Studio can add it) to "
                "split Chinese into words.",
            ),
        ),
        # Explore → Embeddings (engine/inspect/embeddings.py).
        (
            r"The model's output layer is its input embedding \(tied\), so these are the vectors it both "
            r"reads and predicts with\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The model's output layer is its input embedding (tied), so these are the vectors it both "
                "reads and predicts with.",
            ),
        ),
        (
            r"This model \(the 'seed' design\) has an output layer separate from its input embedding: the "
            r"neighbours and the map use the input token embedding\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "This model (the 'seed' design) has an output layer separate from its input embedding: the "
                "neighbours and the map use the input token embedding.",
            ),
        ),
        (
            r"'(?P<word>.+)' is (?P<count>\d+) tokens for this model \((?P<pieces>.+)\): the neighbours are "
            r"those of the mean of their unit vectors, and the pieces themselves are left out\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "'{word}' is {count} tokens for this model ({pieces}): the neighbours are those of the mean "
                "of their unit vectors, and the pieces themselves are left out.",
            ),
        ),
        (
            r"'(?P<word>.+)' is (?P<count>\d+) tokens for this model \((?P<pieces>.+)\) \(its unknown parts, "
            r"\[UNK\], left out\): the neighbours are those of the mean of their unit vectors, and the pieces "
            r"themselves are left out\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "'{word}' is {count} tokens for this model ({pieces}) (its unknown parts, [UNK], left out): "
                "the neighbours are those of the mean of their unit vectors, and the pieces themselves are "
                "left out.",
            ),
        ),
        (
            r"(?P<word>.+) is a special token: it has no neighbours worth showing\. Type an ordinary word\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{word} is a special token: it has no neighbours worth showing. Type an ordinary word.",
            ),
        ),
        (
            r"'(?P<word>.+)' is not in this model's vocabulary \(it reads as \[UNK\]\)\. Type a word from the "
            r"training text\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "'{word}' is not in this model's vocabulary (it reads as [UNK]). Type a word from the training text.",
            ),
        ),
        (
            r"Type a word to see its neighbours\.",
            QT_TRANSLATE_NOOP("EngineMessages", "Type a word to see its neighbours."),
        ),
        # Explore → Layer by layer: an ELECTRA run's lens (engine/inspect/logit_lens.py).
        (
            r"ELECTRA: the generator's layers \(it fills the \[MASK\]s\); the discriminator has no word head\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "ELECTRA: the generator's layers (it fills the [MASK]s); the discriminator has no word head.",
            ),
        ),
        # Explore → Per-token loss: the summary, the legend and the hover texts (engine/inspect/token_loss_html.py).
        (
            r"<b>(?P<run_label>.*?)</b>: mean loss <b>(?P<loss>[^<]+)</b> nats over (?P<tokens>[\d,]+) hidden "
            r"tokens in (?P<windows>[\d,]+) validation windows; top guess right for (?P<accuracy>\S+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "<b>{run_label}</b>: mean loss <b>{loss}</b> nats over {tokens} hidden tokens in {windows} "
                "validation windows; top guess right for {accuracy}.",
            ),
        ),
        (
            r"<b>(?P<run_label>.*?)</b>: mean loss <b>(?P<loss>[^<]+)</b> nats over (?P<tokens>[\d,]+) hidden "
            r"tokens in (?P<windows>[\d,]+) validation windows \(the run recorded a validation loss of "
            r"(?P<recorded>[^)]+)\); top guess right for (?P<accuracy>\S+)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "<b>{run_label}</b>: mean loss <b>{loss}</b> nats over {tokens} hidden tokens in {windows} "
                "validation windows (the run recorded a validation loss of {recorded}); top guess right for "
                "{accuracy}.",
            ),
        ),
        (
            r"A = <b>(?P<a_label>.*?)</b> \(mean loss (?P<a_loss>\S+)\), B = <b>(?P<b_label>.*?)</b> \(mean loss "
            r"(?P<b_loss>\S+)\)\. (?P<words>[\d,]+) words hidden in both; mean difference A - B "
            r"(?P<difference>\S+) nats\. Learned by B and not by A: (?P<b_only>[\d,]+) words; by A and not by "
            r"B: (?P<a_only>[\d,]+)\.(?P<note>(?:<br><i>.*</i>)?)",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "A = <b>{a_label}</b> (mean loss {a_loss}), B = <b>{b_label}</b> (mean loss {b_loss}). {words} "
                "words hidden in both; mean difference A - B {difference} nats. Learned by B and not by A: "
                "{b_only} words; by A and not by B: {a_only}.{note}",
            ),
        ),
        (
            r"Loss of each hidden token \(nats, on the fixed evaluation masks\): (?P<cells>.*) &nbsp;light = "
            r"learned, dark = costly; uncoloured text was not hidden",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Loss of each hidden token (nats, on the fixed evaluation masks): {cells} &nbsp;light = "
                "learned, dark = costly; uncoloured text was not hidden",
            ),
        ),
        (
            r"Loss of run A minus loss of run B, per word \(nats\): (?P<cells>.*) &nbsp;blue = B has learned it "
            r"better, red = A has",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Loss of run A minus loss of run B, per word (nats): {cells} &nbsp;blue = B has learned it "
                "better, red = A has",
            ),
        ),
        (
            r"token (?P<token>.+): loss (?P<loss>\S+) nats; the model's guess (?P<guess>.+) \(right\)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "token {token}: loss {loss} nats; the model's guess {guess} (right)"
            ),
        ),
        (
            r"token (?P<token>.+): loss (?P<loss>\S+) nats; the model's guess (?P<guess>.+) \(wrong\)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "token {token}: loss {loss} nats; the model's guess {guess} (wrong)"
            ),
        ),
        (
            r"(?P<word>.+): loss A (?P<a>\S+), loss B (?P<b>\S+), A - B (?P<difference>\S+) nats \(B better\)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{word}: loss A {a}, loss B {b}, A - B {difference} nats (B better)"
            ),
        ),
        (
            r"(?P<word>.+): loss A (?P<a>\S+), loss B (?P<b>\S+), A - B (?P<difference>\S+) nats \(A better\)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{word}: loss A {a}, loss B {b}, A - B {difference} nats (A better)"
            ),
        ),
        (
            r"(?P<word>.+): loss A (?P<a>\S+), loss B (?P<b>\S+), A - B (?P<difference>\S+) nats \(equal\)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{word}: loss A {a}, loss B {b}, A - B {difference} nats (equal)"
            ),
        ),
        # Explore → Transfer with a labelled file of the user's (engine/evaluate/tasks.py).
        (
            r"The task file (?P<path>.+) does not exist\. Give a CSV, TSV or JSONL file with a text and a label\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The task file {path} does not exist. Give a CSV, TSV or JSONL file with a text and a label.",
            ),
        ),
        (
            r"The task file (?P<path>.+) is not a regular file\. Give a CSV, TSV or JSONL file with a text and a "
            r"label\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The task file {path} is not a regular file. Give a CSV, TSV or JSONL file with a text and a label.",
            ),
        ),
        (
            r"(?P<name>.+) is not a CSV, TSV or JSONL file\. A task file holds one text and one label per row; "
            r"save it with one of those endings\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} is not a CSV, TSV or JSONL file. A task file holds one text and one label per row; save "
                "it with one of those endings.",
            ),
        ),
        (
            r"(?P<name>.+) is not UTF-8 text \(byte (?P<byte>\d+) of a read block\)\. Save the file as UTF-8 and "
            r"try again\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} is not UTF-8 text (byte {byte} of a read block). Save the file as UTF-8 and try again.",
            ),
        ),
        (
            r"(?P<name>.+) has (?P<count>\d+) labelled examples; a probe needs at least (?P<least>\d+) to keep "
            r"some apart for testing\. Add more rows\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} has {count} labelled examples; a probe needs at least {least} to keep some apart for "
                "testing. Add more rows.",
            ),
        ),
        (
            r"(?P<name>.+) has 1 labelled example; a probe needs at least (?P<least>\d+) to keep some apart for "
            r"testing\. Add more rows\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} has 1 labelled example; a probe needs at least {least} to keep some apart for testing. "
                "Add more rows.",
            ),
        ),
        (
            r"(?P<name>.+) has more than (?P<most>[\d,]+) different labels; a linear probe over so many classes "
            r"measures nothing on a small model\. Check that the label column is the right one "
            r"\(--label-column\), or group the labels into fewer classes\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} has more than {most} different labels; a linear probe over so many classes measures "
                "nothing on a small model. Check that the label column is the right one (--label-column), or "
                "group the labels into fewer classes.",
            ),
        ),
        (
            r'Every row of (?P<name>.+) has the same label \("(?P<label_value>.*)"\); a task needs at least two '
            r"classes to tell apart\. Check the label column \(--label-column\) or add rows of another class\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                'Every row of {name} has the same label ("{label_value}"); a task needs at least two classes to '
                "tell apart. Check the label column (--label-column) or add rows of another class.",
            ),
        ),
        (
            r'The label column "(?P<column>.*)" of (?P<name>.+) is empty in every row\. Choose the column that '
            r"holds the labels \(--label-column\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                'The label column "{column}" of {name} is empty in every row. Choose the column that holds the '
                "labels (--label-column).",
            ),
        ),
        (
            r'The text column "(?P<column>.*)" of (?P<name>.+) is empty in every row\. Choose the column that '
            r"holds the texts \(--text-column\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                'The text column "{column}" of {name} is empty in every row. Choose the column that holds the '
                "texts (--text-column).",
            ),
        ),
        (
            r"(?P<name>.+) has (?P<count>[\d,]+) labelled rows; a seeded random sample of (?P<sample>[\d,]+) was "
            r"used \(the limit of one evaluation\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} has {count} labelled rows; a seeded random sample of {sample} was used (the limit of "
                "one evaluation).",
            ),
        ),
        (
            r"(?P<count>[\d,]+) texts were longer than (?P<most>[\d,]+) characters and cut there\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{count} texts were longer than {most} characters and cut there."
            ),
        ),
        (
            r"1 text was longer than (?P<most>[\d,]+) characters and cut there\.",
            QT_TRANSLATE_NOOP("EngineMessages", "1 text was longer than {most} characters and cut there."),
        ),
        # The start-up's history problems (store/db_errors.py, store/database.py), in the start-up dialog.
        (
            r"The run history at (?P<path>.+) is damaged: (?P<reason>.+?)\. The run folders are not affected\. "
            r"'(?P<command>[^']+)' keeps the damaged file \(renamed with a date\) and rebuilds the history from "
            r"the run folders and whatever the damaged file still holds\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run history at {path} is damaged: {reason}. The run folders are not affected. '{command}' "
                "keeps the damaged file (renamed with a date) and rebuilds the history from the run folders and "
                "whatever the damaged file still holds.",
            ),
        ),
        # Why the history file is damaged (db_errors.damage_before_open, database._schema_problem): a clause.
        (r"it is a folder, not a file", QT_TRANSLATE_NOOP("EngineMessages", "it is a folder, not a file")),
        (
            r"it is empty \(0 bytes\), while (?P<count>\d+) run folders? exists? in (?P<folder>.+)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "it is empty (0 bytes), while {count} run folders exist in {folder}"
            ),
        ),
        (
            r"it is not an SQLite database \(its first bytes are something else\)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "it is not an SQLite database (its first bytes are something else)"
            ),
        ),
        (
            r"it is cut short \((?P<size>[\d,]+) bytes, less than an SQLite header\)",
            QT_TRANSLATE_NOOP("EngineMessages", "it is cut short ({size} bytes, less than an SQLite header)"),
        ),
        (
            r"it is cut short \((?P<size>[\d,]+) bytes of the (?P<expected>[\d,]+) its header announces\)",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "it is cut short ({size} bytes of the {expected} its header announces)"
            ),
        ),
        (
            r"its schema version table \(alembic_version\) is missing, so its layout is unknown",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "its schema version table (alembic_version) is missing, so its layout is unknown",
            ),
        ),
        (r"SQLite reports: (?P<detail>.+)", QT_TRANSLATE_NOOP("EngineMessages", "SQLite reports: {detail}")),
        (
            r"The run history at (?P<path>.+) is busy: another program holds it locked \((?P<detail>.+)\)\. "
            r"Try again in a moment, or close the other MLM Studio\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run history at {path} is busy: another program holds it locked ({detail}). Try again in a "
                "moment, or close the other MLM Studio.",
            ),
        ),
        (
            r"The run history at (?P<path>.+) cannot be written \((?P<detail>.+)\)\. Free some disk space and "
            r"try again\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run history at {path} cannot be written ({detail}). Free some disk space and try again.",
            ),
        ),
        (
            r"The run history at (?P<path>.+) cannot be opened for writing \((?P<detail>.+)\)\. Check that the "
            r"folder and the file are writable, or choose another data directory with --data-dir or "
            r"MLMSTUDIO_HOME\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run history at {path} cannot be opened for writing ({detail}). Check that the folder and "
                "the file are writable, or choose another data directory with --data-dir or MLMSTUDIO_HOME.",
            ),
        ),
        (
            r"The data directory (?P<path>.+) \(from (?P<source>--data-dir|MLMSTUDIO_HOME|the platform's "
            r"default)\) cannot be created or written \((?P<error>.+)\)\. Choose another one with --data-dir or "
            r"MLMSTUDIO_HOME\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The data directory {path} (from {source}) cannot be created or written ({error}). Choose "
                "another one with --data-dir or MLMSTUDIO_HOME.",
            ),
        ),
        (
            r"The run history at (?P<path>.+) was written by a newer version of MLM Studio \((?P<detail>.+)\)\. "
            r"Update MLM Studio, or choose another data directory\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run history at {path} was written by a newer version of MLM Studio ({detail}). Update MLM "
                "Studio, or choose another data directory.",
            ),
        ),
        # Rebuilding the history (store/history_repair.py): its refusal and its report, a sentence at a time.
        (
            r"Run (?P<run>\S+) is training right now; its process writes to the history\. Stop it \(or wait "
            r"until it ends\), then rebuild the history\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Run {run} is training right now; its process writes to the history. Stop it (or wait until it "
                "ends), then rebuild the history.",
            ),
        ),
        (
            r"Rebuilt the history with (?P<count>\d+) runs? \((?P<curves>\d+) with their curves\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "Rebuilt the history with {count} runs ({curves} with their curves)."
            ),
        ),
        (
            r"Rebuilt the history with (?P<count>\d+) runs?\.",
            QT_TRANSLATE_NOOP("EngineMessages", "Rebuilt the history with {count} runs."),
        ),
        (
            r"The old file is kept as (?P<path>.+)\.",
            QT_TRANSLATE_NOOP("EngineMessages", "The old file is kept as {path}."),
        ),
        (
            r"Left out (?P<count>\d+) folder\(s\): (?P<folders>.+)\.",
            QT_TRANSLATE_NOOP("EngineMessages", "Left out {count} folder(s): {folders}."),
        ),
        # What is wrong with the app's settings file (mlmstudio/settings_file.py file_problem): a clause.
        (
            r"it is a folder or a broken link, not a file",
            QT_TRANSLATE_NOOP("EngineMessages", "it is a folder or a broken link, not a file"),
        ),
        (
            r"it cannot be read \((?P<error>.+)\)",
            QT_TRANSLATE_NOOP("EngineMessages", "it cannot be read ({error})"),
        ),
        (
            r"its last line \((?P<line>\d+)\) is cut short",
            QT_TRANSLATE_NOOP("EngineMessages", "its last line ({line}) is cut short"),
        ),
        (
            r"line (?P<line>\d+) holds bytes that are not text",
            QT_TRANSLATE_NOOP("EngineMessages", "line {line} holds bytes that are not text"),
        ),
        (
            r"line (?P<line>\d+) holds a NUL byte",
            QT_TRANSLATE_NOOP("EngineMessages", "line {line} holds a NUL byte"),
        ),
        (
            r"line (?P<line>\d+) is neither a \[section\] nor a key=value",
            QT_TRANSLATE_NOOP("EngineMessages", "line {line} is neither a [section] nor a key=value"),
        ),
        # History → Import a .mlmrun file (store/bundle.py BundleError): the ones a user can meet.
        (
            r"(?P<path>.+) does not exist or is not a file\. Choose a \.mlmrun file\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{path} does not exist or is not a file. Choose a .mlmrun file."
            ),
        ),
        (
            r"(?P<name>.+) is not a readable \.mlmrun bundle: it is damaged or truncated \((?P<error>.+)\)\. "
            r"Export the run again\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} is not a readable .mlmrun bundle: it is damaged or truncated ({error}). Export the run "
                "again.",
            ),
        ),
        (
            r"(?P<name>.+) could not be read or unpacked \((?P<error>.+)\)\. Check the file and the free disk "
            r"space\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} could not be read or unpacked ({error}). Check the file and the free disk space.",
            ),
        ),
        (
            r"The bundle has format version (?P<version>.+); this MLM Studio reads up to (?P<latest>\d+)\. "
            r"Update MLM Studio to import it\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The bundle has format version {version}; this MLM Studio reads up to {latest}. Update MLM "
                "Studio to import it.",
            ),
        ),
        (
            r"The bundle has no (?P<missing>.+)\. It is incomplete; export the run again\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "The bundle has no {missing}. It is incomplete; export the run again."
            ),
        ),
        (
            r"(?P<name>\S+) in the bundle does not match the hash in its manifest\. The bundle was altered or "
            r"damaged; nothing was imported\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{name} in the bundle does not match the hash in its manifest. The bundle was altered or "
                "damaged; nothing was imported.",
            ),
        ),
        (
            r"The bundle's manifest does not match its (?P<name>\S+) \(missing entry, hash or size\)\. The bundle "
            r"was altered or damaged; nothing was imported\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The bundle's manifest does not match its {name} (missing entry, hash or size). The bundle was "
                "altered or damaged; nothing was imported.",
            ),
        ),
        (
            r"The bundle contains an unsafe file path \((?P<name>.+)\) that could write outside its folder\. It "
            r"was refused; nothing was imported\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The bundle contains an unsafe file path ({name}) that could write outside its folder. It was "
                "refused; nothing was imported.",
            ),
        ),
        (
            r"The bundle's config\.json is not a valid run configuration: (?P<reason>.+) Nothing was imported\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The bundle's config.json is not a valid run configuration: {reason} Nothing was imported.",
            ),
        ),
        (
            r"The model in the bundle cannot be loaded: (?P<reason>.+)",
            QT_TRANSLATE_NOOP("EngineMessages", "The model in the bundle cannot be loaded: {reason}"),
        ),
        (
            r"Importing needs (?P<needed>[\d,]+) MiB but only (?P<free>[\d,]+) MiB are free in the data "
            r"directory\. Free some space and try again\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Importing needs {needed} MiB but only {free} MiB are free in the data directory. Free some "
                "space and try again.",
            ),
        ),
        # History → Import folder (store/folder_import.py FolderImportError).
        (
            r"(?P<path>.+) does not exist\. Give the run folder to import\.",
            QT_TRANSLATE_NOOP("EngineMessages", "{path} does not exist. Give the run folder to import."),
        ),
        (
            r"(?P<path>.+) is a file, not a run folder\. Give the folder that holds config\.json and "
            r"model\.safetensors \(a \.mlmrun file is imported with `(?P<command>[^`]+)`\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} is a file, not a run folder. Give the folder that holds config.json and "
                "model.safetensors (a .mlmrun file is imported with `{command}`).",
            ),
        ),
        (
            r"(?P<path>.+) is already a run folder of this history; it needs no import\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{path} is already a run folder of this history; it needs no import."
            ),
        ),
        (
            r"(?P<path>.+) is not a run folder: it has no config\.json\. A run folder holds config\.json, "
            r"tokenizer\.json, model\.safetensors and curves\.csv, as `(?P<command>[^`]+)` or a run capsule "
            r"writes them\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} is not a run folder: it has no config.json. A run folder holds config.json, "
                "tokenizer.json, model.safetensors and curves.csv, as `{command}` or a run capsule writes them.",
            ),
        ),
        (
            r"(?P<path>.+) is a run capsule, not a run folder\. Import the folder its launch\.sh wrote on the "
            r"first node \((?P<run>.+) by default\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} is a run capsule, not a run folder. Import the folder its launch.sh wrote on the first "
                "node ({run} by default).",
            ),
        ),
        (
            r"(?P<path>.+) holds a link \((?P<link>.+)\); a run folder holds plain files only\. Copy the folder "
            r"with the files the links point to \(cp -rL\), then import the copy\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} holds a link ({link}); a run folder holds plain files only. Copy the folder with the "
                "files the links point to (cp -rL), then import the copy.",
            ),
        ),
        (
            r"The run in (?P<path>.+) is still training \(its process holds the folder\)\. Import it when it has "
            r"finished\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run in {path} is still training (its process holds the folder). Import it when it has "
                "finished.",
            ),
        ),
        (
            r"The run in (?P<path>.+) has no finished model \((?P<missing>.+) missing\): it may still be "
            r"training, or it failed\. Import it once it has finished\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run in {path} has no finished model ({missing} missing): it may still be training, or it "
                "failed. Import it once it has finished.",
            ),
        ),
        (
            r"The run folder (?P<path>.+) could not be copied into the history \((?P<error>.+)\)\. Nothing was "
            r"imported\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run folder {path} could not be copied into the history ({error}). Nothing was imported.",
            ),
        ),
        (
            r"The folder's config\.json is not a valid run configuration: (?P<reason>.+) Nothing was imported\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder's config.json is not a valid run configuration: {reason} Nothing was imported.",
            ),
        ),
        (
            r"The run folder needs (?P<needed>\d+) MB and the history's disk has (?P<free>\d+) MB free\. Free "
            r"space, then import again\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The run folder needs {needed} MB and the history's disk has {free} MB free. Free space, then "
                "import again.",
            ),
        ),
        # The queue's refusals (store/queue.py QueueError).
        (
            r"There is no item (?P<item>\S+) in the queue\. '(?P<command>[^']+)' shows the items and their "
            r"numbers\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "There is no item {item} in the queue. '{command}' shows the items and their numbers.",
            ),
        ),
        (
            r"Item (?P<item>\d+) is running right now, so it cannot be removed\. Stop its run first \(Stop on "
            r"the Train page, or Ctrl\+C in '(?P<command>[^']+)'\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Item {item} is running right now, so it cannot be removed. Stop its run first (Stop on the "
                "Train page, or Ctrl+C in '{command}').",
            ),
        ),
        (
            r"This configuration cannot be queued: (?P<reason>.+)",
            QT_TRANSLATE_NOOP("EngineMessages", "This configuration cannot be queued: {reason}"),
        ),
        # Writing a run capsule (engine/capsule.py, engine/output_paths.py), in the capsule dialog.
        (
            r"The capsule could not be written to (?P<folder>.+) \((?P<error>.+)\)\. Choose another folder or "
            r"free space\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The capsule could not be written to {folder} ({error}). Choose another folder or free space.",
            ),
        ),
        (
            r"The capsule folder (?P<folder>.+) is a file, not a folder\. Choose a folder \(new or empty\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The capsule folder {folder} is a file, not a folder. Choose a folder (new or empty).",
            ),
        ),
        (
            r"The capsule folder (?P<folder>.+) cannot be read \((?P<error>.+)\)\. Choose another folder\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The capsule folder {folder} cannot be read ({error}). Choose another folder.",
            ),
        ),
        (
            r"The capsule folder (?P<folder>.+) already exists and is not empty \((?P<files>.+)\)\. Choose a new "
            r"or empty folder, or allow replacing its files \(--overwrite\)\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The capsule folder {folder} already exists and is not empty ({files}). Choose a new or empty "
                "folder, or allow replacing its files (--overwrite).",
            ),
        ),
        (
            r"Only a corpus that is a single file can be left out of a capsule \(the capsule then names its path "
            r"and fingerprint\)\. Include this corpus instead\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "Only a corpus that is a single file can be left out of a capsule (the capsule then names its "
                "path and fingerprint). Include this corpus instead.",
            ),
        ),
        # Opening a model folder (engine/hf_import): its refusals and notes, in Open a Model and the status bar.
        (
            r"(?P<where>.+) holds a (?P<kind>.+?) model: this is a text generator, not a masked language model\. "
            r"MLM Studio opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA \(generator or "
            r"discriminator\), ESM and the models MLM Studio exports\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{where} holds a {kind} model: this is a text generator, not a masked language model. MLM Studio "
                "opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (generator or discriminator), "
                "ESM and the models MLM Studio exports.",
            ),
        ),
        (
            r"The config\.json in (?P<where>.+) does not say which kind of model it is \(no model_type\), so it "
            r"was not written by transformers\. MLM Studio opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, "
            r"CamemBERT, ELECTRA \(generator or discriminator\), ESM and the models MLM Studio exports\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The config.json in {where} does not say which kind of model it is (no model_type), so it was "
                "not written by transformers. MLM Studio opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, "
                "CamemBERT, ELECTRA (generator or discriminator), ESM and the models MLM Studio exports.",
            ),
        ),
        (
            r"(?P<where>.+) holds a (?P<kind>\S+) model, which MLM Studio cannot open yet\. It opens BERT, "
            r"DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA \(generator or discriminator\), ESM and the "
            r"models MLM Studio exports\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{where} holds a {kind} model, which MLM Studio cannot open yet. It opens BERT, DistilBERT, "
                "RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA (generator or discriminator), ESM and the models MLM "
                "Studio exports.",
            ),
        ),
        (
            r"(?P<path>.+) is not a folder\. Give the folder that holds the model's config\.json\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "{path} is not a folder. Give the folder that holds the model's config.json.",
            ),
        ),
        (
            r"The folder (?P<path>.+) has no config\.json, so it is not a transformers model folder\. Give the "
            r"folder that save_pretrained wrote\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder {path} has no config.json, so it is not a transformers model folder. Give the folder "
                "that save_pretrained wrote.",
            ),
        ),
        (
            r"The folder (?P<path>.+) is incomplete: its (?P<name>.+?) is a link to a file that was deleted \(a "
            r"Hugging Face cache cleaned or cut short\)\. Download the model again, or copy it whole\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder {path} is incomplete: its {name} is a link to a file that was deleted (a Hugging "
                "Face cache cleaned or cut short). Download the model again, or copy it whole.",
            ),
        ),
        (
            r"The config\.json in (?P<path>.+) cannot be read \((?P<error>.+)\)\. The folder may be damaged\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The config.json in {path} cannot be read ({error}). The folder may be damaged.",
            ),
        ),
        (
            r"The config\.json in (?P<path>.+) is not a JSON object\. The folder may be damaged\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "The config.json in {path} is not a JSON object. The folder may be damaged."
            ),
        ),
        (
            r"The config\.json in (?P<path>.+) gives (?P<name>\w+) = (?P<value>.+), which is not a positive "
            r"whole number\. The folder may be damaged\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The config.json in {path} gives {name} = {value}, which is not a positive whole number. The "
                "folder may be damaged.",
            ),
        ),
        (
            r"The config\.json in (?P<path>.+) does not give (?P<name>\w+)\. The folder may be damaged\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "The config.json in {path} does not give {name}. The folder may be damaged."
            ),
        ),
        (
            r"The config\.json in (?P<path>.+) describes a model of about (?P<parameters>[\d,]+) parameters, more "
            r"than MLM Studio opens \((?P<limit>[\d,]+)\); nothing was loaded\. Choose a smaller model\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The config.json in {path} describes a model of about {parameters} parameters, more than MLM "
                "Studio opens ({limit}); nothing was loaded. Choose a smaller model.",
            ),
        ),
        (
            r"The folder (?P<path>.+) has no weights \(model\.safetensors, or pytorch_model\.bin\)\. Give the "
            r"folder that save_pretrained wrote\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder {path} has no weights (model.safetensors, or pytorch_model.bin). Give the folder "
                "that save_pretrained wrote.",
            ),
        ),
        (
            r"The weights file (?P<file>.+) holds more than plain weights \(or is damaged\), so it was not "
            r"loaded: a pickle can run code\. Use the model's model\.safetensors instead\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The weights file {file} holds more than plain weights (or is damaged), so it was not loaded: a "
                "pickle can run code. Use the model's model.safetensors instead.",
            ),
        ),
        (
            r"The weights file (?P<file>.+) is damaged or not a safetensors file \((?P<error>.+)\)\. Copy the "
            r"model again from where it came from\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The weights file {file} is damaged or not a safetensors file ({error}). Copy the model again "
                "from where it came from.",
            ),
        ),
        (
            r"This model was saved without its fill-mask head, so the head is new and untrained: its "
            r"predictions mean nothing until it is trained\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "This model was saved without its fill-mask head, so the head is new and untrained: its "
                "predictions mean nothing until it is trained.",
            ),
        ),
        (
            r"This is an ELECTRA discriminator: its replaced-word detector \(detect\) is its own, trained, but "
            r"its fill-mask generator is new and untrained, so fill's predictions mean nothing until it is "
            r"trained\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "This is an ELECTRA discriminator: its replaced-word detector (detect) is its own, trained, but "
                "its fill-mask generator is new and untrained, so fill's predictions mean nothing until it is "
                "trained.",
            ),
        ),
        # An opened folder's tokenizer (engine/hf_import/tokenizer_import.py).
        (
            r"The folder (?P<path>.+) has no tokenizer \(tokenizer\.json, or vocab\.txt\), so its text cannot be "
            r"read\. Copy the tokenizer files that came with the model into the folder\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The folder {path} has no tokenizer (tokenizer.json, or vocab.txt), so its text cannot be read. "
                "Copy the tokenizer files that came with the model into the folder.",
            ),
        ),
        (
            r"The config\.json in (?P<path>.+) says the vocabulary has (?P<vocab>\d+) tokens, but its tokenizer "
            r"has (?P<size>\d+)\. The folder mixes files of different models; copy the model again\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The config.json in {path} says the vocabulary has {vocab} tokens, but its tokenizer has {size}. "
                "The folder mixes files of different models; copy the model again.",
            ),
        ),
        # Explore → Embeddings of a model without one (engine/inspect/embeddings.py).
        (
            r"This model has no token embedding to look at\.",
            QT_TRANSLATE_NOOP("EngineMessages", "This model has no token embedding to look at."),
        ),
        # Explore → Per-token loss: two runs that cut the text differently (engine/inspect/token_loss.py).
        (
            r"The runs cut the text differently \(tokenizer or sequence length\), so they hid different tokens: "
            r"each word's loss is the mean over the tokens each run hid in it\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages",
                "The runs cut the text differently (tokenizer or sequence length), so they hid different tokens: "
                "each word's loss is the mean over the tokens each run hid in it.",
            ),
        ),
        # Explore → Transfer's progress and notes (engine/evaluate/transfer.py).
        (
            r"Reading (?P<subject>.+) \((?P<number>\d+)/(?P<total>\d+)\)",
            QT_TRANSLATE_NOOP("EngineMessages", "Reading {subject} ({number}/{total})"),
        ),
        (
            r"(?P<count>[\d,]+) texts were longer than (?P<subject>.+) reads and were cut\.",
            QT_TRANSLATE_NOOP(
                "EngineMessages", "{count} texts were longer than {subject} reads and were cut."
            ),
        ),
    )
)


# Where one sentence of a note or an advice ends and the next begins.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def translated(message: str) -> str:
    """``message`` in the user's language when it is one of the sentences above, else as it came.

    A message made of several sentences (a run's note, the learned-too-little advice) is
    translated a sentence at a time; the sentences nothing matches stay as they came.
    """
    whole = _one(message.strip())
    if whole is not None:
        return whole
    sentences = _SENTENCE_END.split(message.strip())
    if len(sentences) < 2:
        return message
    parts = [_one(sentence) for sentence in sentences]
    if all(part is None for part in parts):
        return message
    return " ".join(
        part if part is not None else sentence for part, sentence in zip(parts, sentences, strict=True)
    )


def _one(sentence: str) -> str | None:
    for pattern, template in _SENTENCES:
        found = pattern.fullmatch(sentence)
        if found is not None:
            values = {name: _value(name, value) for name, value in found.groupdict().items()}
            return translate("EngineMessages", template).format(**values)
    return None


def _value(name: str, value: str) -> str:
    """A value carried into a translated sentence; the ones that are English words translated too."""
    if name == "reason":  # an engine sentence inside another one
        return translated(value)
    if name == "note" and value.startswith("<br><i>") and value.endswith("</i>"):  # per-token loss's note
        return f"<br><i>{html.escape(translated(html.unescape(value[7:-4])))}</i>"
    if name == "setting":  # "model.d_model (width)": the key stays, the form's name is translated
        return _setting(value)
    if name == "zero":  # what 0 means, from the config's metadata (context RunConfig)
        return translate("RunConfig", value)
    if name == "status":
        from mlmstudio.gui.runs_table_model import status_label

        return status_label(value)
    if name == "subject":
        return transfer_label(value)
    if name == "label":  # a setting's name as the forms show it (FIELD_LABELS), else as it came
        return translate("RunConfig", value) if value in _LABELS else value
    if name == "what":
        return translate("EngineMessages", _SWEEP_WHAT[value]) if value in _SWEEP_WHAT else value
    if name == "source" and value in _DATA_DIR_SOURCES:  # where the data directory was chosen
        return translate("EngineMessages", _DATA_DIR_SOURCES[value])
    if name.endswith("_label") and value in _RUN_FALLBACKS:  # a run with no label of its own
        return translate("EngineMessages", _RUN_FALLBACKS[value])
    return value


_LABELS = frozenset(FIELD_LABELS.values())
_SWEEP_WHAT = {
    "range": QT_TRANSLATE_NOOP("EngineMessages", "range"),
    "choices": QT_TRANSLATE_NOOP("EngineMessages", "choices"),
}
_DATA_DIR_SOURCES = {"the platform's default": QT_TRANSLATE_NOOP("EngineMessages", "the platform's default")}
_RUN_FALLBACKS = {
    "The run": QT_TRANSLATE_NOOP("EngineMessages", "The run"),
    "run A": QT_TRANSLATE_NOOP("EngineMessages", "run A"),
    "run B": QT_TRANSLATE_NOOP("EngineMessages", "run B"),
}


def token_loss_body(body: str) -> str:
    """Per-token loss's ``body_html`` with its summary and legend in the user's language.

    Only the two paragraphs before the coloured text are read: the text is the user's
    (tens of thousands of marks) and stays as it came.
    """
    if not body.startswith("<p>"):
        return body
    summary, found, rest = body[3:].partition("</p><p>")
    legend, found_legend, text = rest.partition("</p>")
    if not (found and found_legend):
        return body
    return f"<p>{translated(summary)}</p><p>{translated(legend)}</p>{text}"


def _setting(value: str) -> str:
    key, _, _ = value.partition(" (")
    field_name = key.rpartition(".")[2]
    label = FIELD_LABELS.get(field_name)
    if not label or not value.endswith(")"):
        return value
    shown = translate("RunConfig", label).split(" (")[0]  # as config._label cuts the English
    return f"{key} ({shown})"


def setting_label(field_name: str) -> str:
    """A setting's name as the forms show it (``lr`` → "Learning rate", translated)."""
    label = FIELD_LABELS.get(field_name)
    return translate("RunConfig", label) if label else field_name


# Explore's layer names (engine/inspect/attention.py attention_layer_names, logit_lens stage names).
_LAYER = re.compile(r"(?P<kind>layer|generator|discriminator) (?P<number>\d+)")
_LAYER_NAMES = {
    "layer": QT_TRANSLATE_NOOP("EngineMessages", "layer {number}"),
    "generator": QT_TRANSLATE_NOOP("EngineMessages", "generator {number}"),
    "discriminator": QT_TRANSLATE_NOOP("EngineMessages", "discriminator {number}"),
}
_EMBEDDINGS = QT_TRANSLATE_NOOP("EngineMessages", "embeddings")


def layer_name(name: str) -> str:
    """ "layer 3", "generator 1", "embeddings" in the user's language (another name as it came)."""
    if name == "embeddings":
        return translate("EngineMessages", _EMBEDDINGS)
    found = _LAYER.fullmatch(name)
    if found is None:
        return name
    return translate("EngineMessages", _LAYER_NAMES[found["kind"]]).format(number=found["number"])


# Explore → Transfer's subjects and methods (engine/evaluate/transfer.py, store/transfer_runs.py).
_TRANSFER_LABELS = {
    "this run": QT_TRANSLATE_NOOP("EngineMessages", "this run"),
    "random twin": QT_TRANSLATE_NOOP("EngineMessages", "random twin"),
    "the random twin": QT_TRANSLATE_NOOP("EngineMessages", "the random twin"),
    "majority class": QT_TRANSLATE_NOOP("EngineMessages", "majority class"),
    "probe": QT_TRANSLATE_NOOP("EngineMessages", "probe"),
    "finetune": QT_TRANSLATE_NOOP("EngineMessages", "fine-tune"),
}
_CHECKPOINT = re.compile(r"step (?P<step>[\d,]+)")


def transfer_label(label: str) -> str:
    """A transfer subject's or method's label in the user's language; a run's name as it came."""
    if label in _TRANSFER_LABELS:
        return translate("EngineMessages", _TRANSFER_LABELS[label])
    found = _CHECKPOINT.fullmatch(label)
    if found is not None:
        return translate("EngineMessages", "step {step}").format(step=found["step"])
    return label


# A sweep's range of one setting (sweep/space.py SweepParam.describe).
_SWEEP_CHOICES = re.compile(r"one of (?P<choices>.+)", re.DOTALL)
_SWEEP_RANGE = re.compile(r"(?P<low>\S+) to (?P<high>\S+?)(?P<log>, log scale)?")


def sweep_range(param) -> str:
    """``SweepParam.describe()`` in the user's language, the setting's name included."""
    english = param.describe()
    label, rest = param.label, english[len(param.label) + 2 :]
    shown = setting_label(param.field)
    if not english.startswith(f"{label}: "):
        return english
    if found := _SWEEP_CHOICES.fullmatch(rest):
        return translate("EngineMessages", "{setting}: one of {choices}").format(
            setting=shown, choices=found["choices"]
        )
    if found := _SWEEP_RANGE.fullmatch(rest):
        template = (
            QT_TRANSLATE_NOOP("EngineMessages", "{setting}: {low} to {high}, log scale")
            if found["log"]
            else QT_TRANSLATE_NOOP("EngineMessages", "{setting}: {low} to {high}")
        )
        return translate("EngineMessages", template).format(
            setting=shown, low=found["low"], high=found["high"]
        )
    return english
