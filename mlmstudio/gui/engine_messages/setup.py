"""The corpus, the tokenizer, training and the run configuration: Setup's and Train's sentences.

Each entry pairs the engine's English sentence, a pattern with named values, with its
translatable template (see the package's docstring).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

SENTENCES: tuple[tuple[str, str], ...] = (
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
        QT_TRANSLATE_NOOP("EngineMessages", "The rendezvous port must be between 1 and 65535; got {port}."),
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
    # A run configuration read from a file, a bundle, a folder or the queue (config.py from_dict, from_file).
    (
        r"A run configuration must be a JSON object\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "A run configuration must be a JSON object.",
        ),
    ),
    (
        r"Unknown configuration section\(s\): (?P<sections>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Unknown configuration section(s): {sections}.",
        ),
    ),
    (
        r"The '(?P<name>[^']+)' section of the configuration must be an object\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The '{name}' section of the configuration must be an object.",
        ),
    ),
    (
        r"Unknown setting\(s\) in '(?P<name>[^']+)': (?P<settings>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Unknown setting(s) in '{name}': {settings}.",
        ),
    ),
    (
        r"The setting (?P<where>\S+) must be on or off \(true or false\), not (?P<value>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The setting {where} must be on or off (true or false), not {value}.",
        ),
    ),
    (
        r"The setting (?P<where>\S+) must be a whole number, not (?P<value>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The setting {where} must be a whole number, not {value}.",
        ),
    ),
    (
        r"The setting (?P<where>\S+) must be a number, not (?P<value>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The setting {where} must be a number, not {value}.",
        ),
    ),
    (
        r"The setting (?P<where>\S+) must be text, not (?P<value>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The setting {where} must be text, not {value}.",
        ),
    ),
    (
        r"This configuration is version (?P<version>.+); this MLM Studio reads versions 1 to "
        r"(?P<latest>\d+)\. Update MLM Studio to read it\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This configuration is version {version}; this MLM Studio reads versions 1 to {latest}. Update "
            "MLM Studio to read it.",
        ),
    ),
    (
        r"The configuration (?P<reason>is .+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The configuration {reason}.",
        ),
    ),
    (
        r"The configuration file (?P<path>.+) (?P<reason>is .+)\. Give a run\.json written by MLM Studio "
        r"\(--save-config\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The configuration file {path} {reason}. Give a run.json written by MLM Studio (--save-config).",
        ),
    ),
    (
        r"Cannot read the configuration file (?P<path>.+) \((?P<error>.+)\)\. Check the path\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Cannot read the configuration file {path} ({error}). Check the path.",
        ),
    ),
    # A run's tokenizer file that cannot be used (engine/tokenization.py MLMTokenizer.from_str, load).
    (
        r"(?P<where>The tokenizer(?: file .+)?) is not a valid tokenizer file \((?P<error>.+)\)\. Train "
        r"the tokenizer again or pick another run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{where} is not a valid tokenizer file ({error}). Train the tokenizer again or pick another run.",
        ),
    ),
    (
        r"(?P<where>The tokenizer(?: file .+)?) was not made by MLM Studio \(its model or pre-tokenizer "
        r"is unknown\)\. Train a tokenizer here instead\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{where} was not made by MLM Studio (its model or pre-tokenizer is unknown). Train a tokenizer "
            "here instead.",
        ),
    ),
    (
        r"(?P<where>The tokenizer(?: file .+)?) does not have the special token (?P<token>\S+) at id "
        r"(?P<id>\d+), so it was not made by MLM Studio\. Train a tokenizer here instead\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{where} does not have the special token {token} at id {id}, so it was not made by MLM Studio. "
            "Train a tokenizer here instead.",
        ),
    ),
    (
        r"There is no tokenizer file at (?P<path>.+)\. The run's files may have been moved or deleted\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "There is no tokenizer file at {path}. The run's files may have been moved or deleted.",
        ),
    ),
    (
        r"The tokenizer file (?P<path>.+) cannot be read \((?P<error>.+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The tokenizer file {path} cannot be read ({error}).",
        ),
    ),
    # A configuration file's own path before its problem (config.py RunConfig.from_file).
    (
        r"(?P<path>.+\.json): (?P<reason>[A-Z].+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path}: {reason}",
        ),
    ),
    # The corpus's rarer refusals (engine/corpus.py, engine/encoding.py, engine/samples.py), in Setup and Corpus.
    (
        r"(?P<path>.+) is a symbolic link that leads back to itself \(a loop\)\. Choose the real file or "
        r"folder instead\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} is a symbolic link that leads back to itself (a loop). Choose the real file or folder "
            "instead.",
        ),
    ),
    (
        r"(?P<path>.+) is a symbolic link to (?P<target>.+), which does not exist\. Choose the real file "
        r"or folder instead\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} is a symbolic link to {target}, which does not exist. Choose the real file or folder "
            "instead.",
        ),
    ),
    (
        r"The folder (?P<path>.+) cannot be listed \((?P<error>.+)\)\. Check its permissions\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder {path} cannot be listed ({error}). Check its permissions.",
        ),
    ),
    (
        r"None of the (?P<count>[\d,]+) text files in (?P<path>.+) contains usable text\. The first "
        r"problem: (?P<reason>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "None of the {count} text files in {path} contains usable text. The first problem: {reason}",
        ),
    ),
    (
        r"None of the (?P<count>[\d,]+) text files in (?P<path>.+) contains usable text\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "None of the {count} text files in {path} contains usable text.",
        ),
    ),
    (
        r"Skipped (?P<path>.+?): (?P<reason>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Skipped {path}: {reason}",
        ),
    ),
    (
        r"(?P<path>.+) is a folder, not a file\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} is a folder, not a file.",
        ),
    ),
    (
        r"(?P<path>.+) cannot be read \((?P<error>.+)\)\. Check that the file is accessible\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} cannot be read ({error}). Check that the file is accessible.",
        ),
    ),
    (
        r"Line (?P<line>\d+) of (?P<name>.+) is not valid JSON \((?P<json_error>.+)\)\. Fix or remove "
        r"that line\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Line {line} of {name} is not valid JSON ({json_error}). Fix or remove that line.",
        ),
    ),
    (
        r"Line (?P<line>\d+) of (?P<name>.+) is not usable JSON \(nested too deep or a number too "
        r"long\)\. Fix or remove that line\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Line {line} of {name} is not usable JSON (nested too deep or a number too long). Fix or remove "
            "that line.",
        ),
    ),
    (
        r"Line (?P<line>\d+) of (?P<name>.+) is not a JSON object\. Each line must look like "
        r"(?P<example>\{.+\})\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Line {line} of {name} is not a JSON object. Each line must look like {example}.",
        ),
    ),
    (
        r"No record of (?P<name>.+) has text in its \x22(?P<field>.+)\x22 field: (?P<reason>.+)\. Choose "
        r"the field that holds the text\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            'No record of {name} has text in its "{field}" field: {reason}. Choose the field that holds the '
            "text.",
        ),
    ),
    (
        r"(?P<name>.+) has no header row\. Add a first row naming the columns\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} has no header row. Add a first row naming the columns.",
        ),
    ),
    (
        r"(?P<name>.+) has no column \x22(?P<column>.+)\x22\. Its columns are: (?P<columns>.+)\. Choose "
        r"the column that holds the text\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            '{name} has no column "{column}". Its columns are: {columns}. Choose the column that holds the '
            "text.",
        ),
    ),
    (
        r"(?P<name>.+) is not a valid CSV file near line (?P<line>\d+) \((?P<csv_error>.+)\)\. Fix the "
        r"file or export it again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} is not a valid CSV file near line {line} ({csv_error}). Fix the file or export it again.",
        ),
    ),
    (
        r"The corpus is too small to split into training and validation text\. Add more text\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The corpus is too small to split into training and validation text. Add more text.",
        ),
    ),
    (
        r"The corpus has almost no real text: (?P<markers>[\d,]+) of its (?P<tokens>[\d,]+) tokens are "
        r"the model's own markers \(\[MASK\], \[CLS\], \[SEP\], \[PAD\]\) written as text, or spaces\. "
        r"Choose a text with words in it\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The corpus has almost no real text: {markers} of its {tokens} tokens are the model's own "
            "markers ([MASK], [CLS], [SEP], [PAD]) written as text, or spaces. Choose a text with words in "
            "it.",
        ),
    ),
    (
        r"The corpus gives only (?P<tokens>[\d,]+) tokens for validation, but one validation window needs "
        r"(?P<needed>[\d,]+)\. Use a shorter sequence length or add more text\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The corpus gives only {tokens} tokens for validation, but one validation window needs {needed}. "
            "Use a shorter sequence length or add more text.",
        ),
    ),
    (
        r"(?P<encoding>'.*') is not an encoding Python knows\. Use a name such as utf-8, cp1252, "
        r"shift_jis, gbk, big5, euc_kr, cp1251, koi8-r or iso8859-2, or leave the encoding empty to have "
        r"it detected\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{encoding} is not an encoding Python knows. Use a name such as utf-8, cp1252, shift_jis, gbk, "
            "big5, euc_kr, cp1251, koi8-r or iso8859-2, or leave the encoding empty to have it detected.",
        ),
    ),
    (
        r"(?P<name>.+) is not (?P<encoding>.+): byte (?P<byte>[\d,]+) cannot be read in that encoding\. "
        r"Choose another encoding, or leave it empty to have it detected\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} is not {encoding}: byte {byte} cannot be read in that encoding. Choose another encoding, "
            "or leave it empty to have it detected.",
        ),
    ),
    (
        r"(?P<name>.+) starts with a (?P<encoding>\S+) byte-order mark but is not valid (?P<again>\S+) "
        r"\(at byte (?P<byte>\d+)\)\. Save it again as UTF-8\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} starts with a {encoding} byte-order mark but is not valid {again} (at byte {byte}). Save "
            "it again as UTF-8.",
        ),
    ),
    (
        r"(?P<name>.+) does not look like text in any encoding \(it is probably a binary file, such as an "
        r"image, an archive or a program\)\. Choose a plain text file, or export the document as plain "
        r"text \(\.txt\) first\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} does not look like text in any encoding (it is probably a binary file, such as an image, "
            "an archive or a program). Choose a plain text file, or export the document as plain text (.txt) "
            "first.",
        ),
    ),
    (
        r"There is no built-in sample called \x22(?P<name>.+)\x22\. The samples are: (?P<samples>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            'There is no built-in sample called "{name}". The samples are: {samples}.',
        ),
    ),
    (
        r"The Python documentation sample is not available: this Python was installed without "
        r"pydoc_data\. Choose another sample or open a text file\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The Python documentation sample is not available: this Python was installed without pydoc_data. "
            "Choose another sample or open a text file.",
        ),
    ),
    # Why a JSONL record was skipped (engine/corpus.py), inside the sentence above.
    (
        r"line (?P<line>\d+) has no \x22(?P<field>.+)\x22 field \(its fields: (?P<fields>.+)\)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            'line {line} has no "{field}" field (its fields: {fields})',
        ),
    ),
    # Words added to a continued model's vocabulary (engine/vocab_extension.py), in Setup.
    (
        r"At most (?P<most>[\d,]+) words can be added at once, not (?P<count>[\d,]+): each is a new row "
        r"the short run must learn\. Add fewer words\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "At most {most} words can be added at once, not {count}: each is a new row the short run must "
            "learn. Add fewer words.",
        ),
    ),
    (
        r"No words to add were given\. Give at least one word, or add none\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "No words to add were given. Give at least one word, or add none.",
        ),
    ),
    (
        r"This model's tokenizer reads text one character at a time, so it cannot take whole words\. "
        r"Train without adding words\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This model's tokenizer reads text one character at a time, so it cannot take whole words. Train "
            "without adding words.",
        ),
    ),
    (
        r"(?P<word>.+) is not one word to this model's tokenizer \(it has spaces or punctuation in it, or "
        r"is longer than (?P<most>\d+) characters\)(?P<split_as>(?:; it reads it as .+)?)\. Add single "
        r"words\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{word} is not one word to this model's tokenizer (it has spaces or punctuation in it, or is "
            "longer than {most} characters){split_as}. Add single words.",
        ),
    ),
    (
        r"(?P<word>.+) is already one token of this model's vocabulary\. Leave it out of the words to "
        r"add\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{word} is already one token of this model's vocabulary. Leave it out of the words to add.",
        ),
    ),
    (
        r"(?P<word>.+) is in the list twice\. Give each word once\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{word} is in the list twice. Give each word once.",
        ),
    ),
    (
        r"(?P<word>.+) could not be made one token of this tokenizer\. Leave it out of the words to add\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{word} could not be made one token of this tokenizer. Leave it out of the words to add.",
        ),
    ),
    (
        r"This tokenizer's vocabulary has gaps in its ids, so words cannot be added after it\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This tokenizer's vocabulary has gaps in its ids, so words cannot be added after it.",
        ),
    ),
    (
        r"Words cannot be added to a (?P<kind>\S+) tokenizer\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Words cannot be added to a {kind} tokenizer.",
        ),
    ),
    (
        r"The model's (?P<name>\S+) does not have one row per token, so it cannot grow\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model's {name} does not have one row per token, so it cannot grow.",
        ),
    ),
    (
        r"(?P<word>.+) is already in this tokenizer's vocabulary\. Leave it out of the words to add\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{word} is already in this tokenizer's vocabulary. Leave it out of the words to add.",
        ),
    ),
    (
        r"; it reads it as (?P<count>\d+) words: (?P<words>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "; it reads it as {count} words: {words}",
        ),
    ),
    # The general text a run is also tested on (engine/general_text.py), in Setup.
    (
        r"The general text (?P<source>.+) holds no words to test on\. Choose a longer general text, or "
        r"leave it empty\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The general text {source} holds no words to test on. Choose a longer general text, or leave it "
            "empty.",
        ),
    ),
    (
        r"The general text (?P<source>.+?) cannot be used: (?P<reason>.+) Choose another general text, or "
        r"leave it empty to test only on the corpus\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The general text {source} cannot be used: {reason} Choose another general text, or leave it "
            "empty to test only on the corpus.",
        ),
    ),
    # A sweep's rarer refusals (sweep/runner.py, sweep/space.py, sweep/study.py), on the Sweep page.
    (
        r"A sweep plans 1 to 1000 trials, not (?P<trials>-?\d+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "A sweep plans 1 to 1000 trials, not {trials}.",
        ),
    ),
    (
        r"A budget of (?P<budget>.+) over (?P<trials>\d+) trials leaves under a second per trial\. Give a "
        r"longer budget or fewer trials\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "A budget of {budget} over {trials} trials leaves under a second per trial. Give a longer budget "
            "or fewer trials.",
        ),
    ),
    (
        r"The corpus of sweep '(?P<name>[^']+)' \((?P<source>.+)\) has changed since the sweep began, so "
        r"its trials would not compare\. Restore the text, or start a new sweep\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The corpus of sweep '{name}' ({source}) has changed since the sweep began, so its trials would "
            "not compare. Restore the text, or start a new sweep.",
        ),
    ),
    (
        r"Sweep '(?P<name>[^']+)' is running in another process or window\. Stop it there first\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Sweep '{name}' is running in another process or window. Stop it there first.",
        ),
    ),
    (
        r"A sweep needs at least one setting to vary, e\.g\. --param lr=1e-4:3e-3:log \(or the recipe "
        r"preset, which picks them itself\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "A sweep needs at least one setting to vary, e.g. --param lr=1e-4:3e-3:log (or the recipe "
            "preset, which picks them itself).",
        ),
    ),
    (
        r"A sweep varies at most (?P<most>\d+) settings at once \((?P<given>\d+) given\); more would need "
        r"far more trials than a time budget allows\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "A sweep varies at most {most} settings at once ({given} given); more would need far more trials "
            "than a time budget allows.",
        ),
    ),
    (
        r"'(?P<text>[^']*)' is not a duration\. Write it as 90s, 20m or 1\.5h\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "'{text}' is not a duration. Write it as 90s, 20m or 1.5h.",
        ),
    ),
    (
        r"A budget of (?P<text>.+) is too short for even one trial; give at least (?P<most>\d+) seconds "
        r"\(e\.g\. 10m\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "A budget of {text} is too short for even one trial; give at least {most} seconds (e.g. 10m).",
        ),
    ),
    (
        r"A budget of (?P<text>.+) is longer than a week; give at most 168h\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "A budget of {text} is longer than a week; give at most 168h.",
        ),
    ),
    (
        r"(?P<reason>.+) Keep the sweep inside what the setting allows\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{reason} Keep the sweep inside what the setting allows.",
        ),
    ),
    (
        r"'(?P<name>[^']*)' cannot name a sweep: use up to 60 letters, digits, dots, dashes or "
        r"underscores, starting with a letter or digit \(e\.g\. pydoc-lr\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "'{name}' cannot name a sweep: use up to 60 letters, digits, dots, dashes or underscores, "
            "starting with a letter or digit (e.g. pydoc-lr).",
        ),
    ),
    (
        r"Sweep '(?P<name>[^']+)' cannot be read: the settings in its journal are damaged "
        r"\((?P<error>.+)\)\. Start a new sweep; its runs stay in History\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Sweep '{name}' cannot be read: the settings in its journal are damaged ({error}). Start a new "
            "sweep; its runs stay in History.",
        ),
    ),
    (
        r"No readable journal holds a sweep named '(?P<name>[^']+)'\. (?P<reason>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "No readable journal holds a sweep named '{name}'. {reason}",
        ),
    ),
    # The corpus's warnings, shown under the Corpus page's statistics (engine/corpus.py, engine/encoding.py), a sentence at a time.
    (
        r"The files in (?P<folder>.+) are in different encodings; each was read in its own\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The files in {folder} are in different encodings; each was read in its own.",
        ),
    ),
    (
        r"Not UTF-8: (?P<files>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Not UTF-8: {files}.",
        ),
    ),
    (
        r"(?P<name>.+) contains (?P<count>[\d,]+) NUL characters? \(zero bytes, often left by a crash or "
        r"a bad copy\); they were left out\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} contains {count} NUL characters (zero bytes, often left by a crash or a bad copy); they "
            "were left out.",
        ),
    ),
    (
        r"(?P<count>[\d,]+) of the (?P<records>[\d,]+) records of (?P<name>.+) were skipped because their "
        r"\x22(?P<field>.+)\x22 field is missing or not text; the first: (?P<reason>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            '{count} of the {records} records of {name} were skipped because their "{field}" field is '
            "missing or not text; the first: {reason}.",
        ),
    ),
    (
        r"(?P<count>[\d,]+) rows? of (?P<name>.+) had no \x22(?P<column>.+)\x22 cell \(fewer cells than "
        r"the header names\) and (?:was|were) skipped\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            '{count} rows of {name} had no "{column}" cell (fewer cells than the header names) and were '
            "skipped.",
        ),
    ),
    (
        r"(?P<name>.+) has a quote \(\x22\) that is never closed, so everything from line "
        r"(?P<line>[\d,]+) to the end was read as one cell\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            '{name} has a quote (") that is never closed, so everything from line {line} to the end was read '
            "as one cell.",
        ),
    ),
    (
        r"Close the quote, or export the file again from your spreadsheet\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Close the quote, or export the file again from your spreadsheet.",
        ),
    ),
    (
        r"(?P<name>.+) ends in the middle of a UTF-16 character \(it has an odd number of bytes\); the "
        r"last byte was left out\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} ends in the middle of a UTF-16 character (it has an odd number of bytes); the last byte "
            "was left out.",
        ),
    ),
    (
        r"(?P<name>.+) ends in the middle of a UTF-16 character \(it has an odd number of bytes\); the "
        r"last byte became \ufffd\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} ends in the middle of a UTF-16 character (it has an odd number of bytes); the last byte "
            "became �.",
        ),
    ),
    (
        r"The file may have been cut short\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The file may have been cut short.",
        ),
    ),
    (
        r"(?P<name>.+) is (?P<label>.+) but (?P<count>[\d,]+) of its characters could not be read \(the "
        r"first at byte (?P<byte>[\d,]+)\); they were replaced by \ufffd\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} is {label} but {count} of its characters could not be read (the first at byte {byte}); "
            "they were replaced by �.",
        ),
    ),
    (
        r"Save the file again as UTF-8 to keep them\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Save the file again as UTF-8 to keep them.",
        ),
    ),
    (
        r"(?P<name>.+) is not UTF-8, and its encoding is uncertain, only a guess: it was read as "
        r"(?P<label>.+) with (?P<confidence>\d+%) confidence\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} is not UTF-8, and its encoding is uncertain, only a guess: it was read as {label} with "
            "{confidence} confidence.",
        ),
    ),
    (
        r"It could also be (?P<others>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "It could also be {others}.",
        ),
    ),
    (
        r"Choose the one whose letters read right \(--encoding NAME\), or open the file in a text editor "
        r"and save it as UTF-8\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Choose the one whose letters read right (--encoding NAME), or open the file in a text editor "
            "and save it as UTF-8.",
        ),
    ),
    (
        r"If letters look wrong in the preview, choose the encoding \(--encoding NAME\), or open the file "
        r"in a text editor and save it as UTF-8\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "If letters look wrong in the preview, choose the encoding (--encoding NAME), or open the file "
            "in a text editor and save it as UTF-8.",
        ),
    ),
    # A probe row of a run configuration read from a file (config.py probe_specs).
    (
        r"Probe (?P<number>\d+) of (?P<where>\S+) must be an object with a \x22sentence\x22 and an "
        r"\x22answer\x22, not (?P<value>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            'Probe {number} of {where} must be an object with a "sentence" and an "answer", not {value}.',
        ),
    ),
    (
        r"Probe (?P<number>\d+) of (?P<where>\S+): the sentence and the answer must be text\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Probe {number} of {where}: the sentence and the answer must be text.",
        ),
    ),
    # A corpus too short for the chosen sequence length (engine/preflight.py check_corpus_fits), after the sentence above.
    (
        r"(?P<reason>.+\.) The longest sequence length this corpus fills is (?P<length>\d+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{reason} The longest sequence length this corpus fills is {length}.",
        ),
    ),
)
