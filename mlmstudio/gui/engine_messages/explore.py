"""Explore's tabs: embeddings, layers, per-token loss, transfer."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

SENTENCES: tuple[tuple[str, str], ...] = (
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
        QT_TRANSLATE_NOOP("EngineMessages", "{count} texts were longer than {subject} reads and were cut."),
    ),
)
