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
    # Explore's refusals of a text or a setting (engine/predict.py, engine/inspect/), in its tabs.
    (
        r"The text is empty\. Type a sentence to see what the model attends to\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The text is empty. Type a sentence to see what the model attends to.",
        ),
    ),
    (
        r"This text has no tokens the model reads\. Type a sentence in words\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This text has no tokens the model reads. Type a sentence in words.",
        ),
    ),
    (
        r"This model \((?P<kind>\w+)\) has no attention layers to show\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This model ({kind}) has no attention layers to show.",
        ),
    ),
    (
        r"There is no head (?P<head>\d+), query (?P<query>\d+) or key (?P<key>\d+) here: this layer has "
        r"(?P<heads>\d+) heads and the text (?P<tokens>\d+) tokens\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "There is no head {head}, query {query} or key {key} here: this layer has {heads} heads and the "
            "text {tokens} tokens.",
        ),
    ),
    (
        r"The sentence is empty\. Type or paste a sentence to check\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The sentence is empty. Type or paste a sentence to check.",
        ),
    ),
    (
        r"The text is (?P<length>[\d,]+) characters long; check at most (?P<most>[\d,]+) at a time \(a "
        r"paragraph or two\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The text is {length} characters long; check at most {most} at a time (a paragraph or two).",
        ),
    ),
    (
        r"Nothing of this text is left once it is cut into tokens\. Type a sentence\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Nothing of this text is left once it is cut into tokens. Type a sentence.",
        ),
    ),
    (
        r"Ask for 1 to (?P<most>[\d,]+) neighbours \(not (?P<asked>-?\d+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Ask for 1 to {most} neighbours (not {asked}).",
        ),
    ),
    (
        r"Map 3 to (?P<most>[\d,]+) tokens \(not (?P<asked>-?\d+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Map 3 to {most} tokens (not {asked}).",
        ),
    ),
    (
        r"This model knows too few tokens to draw a map\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This model knows too few tokens to draw a map.",
        ),
    ),
    (
        r"The layer-by-layer view cannot read this kind of model \((?P<kind>\w+)\) yet\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The layer-by-layer view cannot read this kind of model ({kind}) yet.",
        ),
    ),
    (
        r"Give at least one sentence to score\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Give at least one sentence to score.",
        ),
    ),
    (
        r"The sentence is empty\. Type a sentence to score\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The sentence is empty. Type a sentence to score.",
        ),
    ),
    (
        r"This sentence has no tokens the model reads\. Type a sentence in words\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This sentence has no tokens the model reads. Type a sentence in words.",
        ),
    ),
    (
        r"The sentence holds (?P<markers>.+), a marker the model uses itself\. Write the sentence out in "
        r"full words to score it \(to fill a blank, use '(?P<command>[^']+)' or Explore's Predictions "
        r"tab\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The sentence holds {markers}, a marker the model uses itself. Write the sentence out in full "
            "words to score it (to fill a blank, use '{command}' or Explore's Predictions tab).",
        ),
    ),
    (
        r"The temperature must be a number \(got (?P<value>.+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The temperature must be a number (got {value}).",
        ),
    ),
    (
        r"The temperature must be between (?P<low>\S+) and (?P<high>\S+) \(got (?P<value>.+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The temperature must be between {low} and {high} (got {value}).",
        ),
    ),
    (
        r"(?P<first_run>Run .+?|The first run) and (?P<second_run>Run .+?) were trained on different "
        r"corpora, so their validation texts differ and cannot be compared\. Choose two runs of the same "
        r"corpus\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{first_run} and {second_run} were trained on different corpora, so their validation texts "
            "differ and cannot be compared. Choose two runs of the same corpus.",
        ),
    ),
    (
        r"(?P<first_run>Run .+?|The first run) and (?P<second_run>Run .+?) hold out different validation "
        r"text \(their held-out share or seed differ\), so their losses are on different text\. Choose "
        r"two runs with the same held-out share and seed\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{first_run} and {second_run} hold out different validation text (their held-out share or seed "
            "differ), so their losses are on different text. Choose two runs with the same held-out share "
            "and seed.",
        ),
    ),
    (
        r"The per-token loss was cancelled\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The per-token loss was cancelled.",
        ),
    ),
    (
        r"The text has (?P<count>\d+) \[MASK\]s, but this model reads at most (?P<most>[\d,]+) tokens at "
        r"once\. Ask about fewer \[MASK\]s at a time\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The text has {count} [MASK]s, but this model reads at most {most} tokens at once. Ask about "
            "fewer [MASK]s at a time.",
        ),
    ),
    (
        r"The \[MASK\]s are too far apart for this model, which reads at most (?P<most>[\d,]+) tokens at "
        r"once\. Put them closer together or ask about them one at a time\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The [MASK]s are too far apart for this model, which reads at most {most} tokens at once. Put "
            "them closer together or ask about them one at a time.",
        ),
    ),
    (
        r"Give at least one candidate word to score\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Give at least one candidate word to score.",
        ),
    ),
    (
        r"The text holds bytes that are not valid text \(at character (?P<at>\d+)\); type it again or "
        r"save it as UTF-8\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The text holds bytes that are not valid text (at character {at}); type it again or save it as "
            "UTF-8.",
        ),
    ),
    (
        r"The sentence holds bytes that are not valid text \(at character (?P<at>\d+)\); type it again or "
        r"save it as UTF-8\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The sentence holds bytes that are not valid text (at character {at}); type it again or save it "
            "as UTF-8.",
        ),
    ),
    (
        r"A candidate word holds bytes that are not valid text \(at character (?P<at>\d+)\); type it "
        r"again or save it as UTF-8\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "A candidate word holds bytes that are not valid text (at character {at}); type it again or save "
            "it as UTF-8.",
        ),
    ),
    # A run's model or checkpoint gone from under Explore (engine/predictor_cache.py, engine/kept_checkpoints.py).
    (
        r"The model folder (?P<path>.+) no longer exists \(the run may have been deleted\)\. Choose "
        r"another run, or train this one again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model folder {path} no longer exists (the run may have been deleted). Choose another run, "
            "or train this one again.",
        ),
    ),
    (
        r"The model files of this run are missing \((?P<path>.+)\)\. Choose another run, or train this "
        r"one again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model files of this run are missing ({path}). Choose another run, or train this one again.",
        ),
    ),
    (
        r"The folder of this run \((?P<path>.+)\) no longer exists \(the run may have been deleted\)\. "
        r"Choose another run\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder of this run ({path}) no longer exists (the run may have been deleted). Choose "
            "another run.",
        ),
    ),
    (
        r"The checkpoint at step (?P<step>[\d,]+) is no longer there \((?P<name>.+) is missing\)\. Choose "
        r"another step\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The checkpoint at step {step} is no longer there ({name} is missing). Choose another step.",
        ),
    ),
    (
        r"The checkpoint at step (?P<step>[\d,]+) is no longer kept \((?P<name>.+) is missing\)\. Choose "
        r"another step\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The checkpoint at step {step} is no longer kept ({name} is missing). Choose another step.",
        ),
    ),
    (
        r"The run folder (?P<path>.+) has no config\.json or tokenizer\.json, so its checkpoints cannot "
        r"be read\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The run folder {path} has no config.json or tokenizer.json, so its checkpoints cannot be read.",
        ),
    ),
    # Help's example from the user's own corpus (engine/inspect/help_example.py).
    (
        r"The corpus has no sentence of three words or more to show as an example\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The corpus has no sentence of three words or more to show as an example.",
        ),
    ),
    (
        r"The example sentence gives no tokens with these tokenizer settings\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The example sentence gives no tokens with these tokenizer settings.",
        ),
    ),
    # Explore → Replaced words with a run that has no detector (engine/inspect/detection.py NOT_ELECTRA).
    (
        r"This run was trained with masked language modelling, which has no detector of replaced words: "
        r"only ELECTRA runs do\. Train one with the objective 'electra' \((?P<command>[^;]+); in Setup, "
        r"Advanced: 'Training objective'\)\. To see which words surprise this model, use Score sentences "
        r"\((?P<score_command>[^)]+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This run was trained with masked language modelling, which has no detector of replaced words: "
            "only ELECTRA runs do. Train one with the objective 'electra' ({command}; in Setup, Advanced: "
            "'Training objective'). To see which words surprise this model, use Score sentences "
            "({score_command}).",
        ),
    ),
    # Explore → Transfer: the rarer refusals of a task file and of the evaluation (engine/evaluate/).
    (
        r"(?P<rows>Rows? [\d, ]+(?: and [\d,]+ more)?) of (?P<name>.+) (?:has|have) a text but no label "
        r"in \x22(?P<column>.*)\x22\. Fill in the labels or remove those rows; nothing was evaluated\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            '{rows} of {name} have a text but no label in "{column}". Fill in the labels or remove those '
            "rows; nothing was evaluated.",
        ),
    ),
    (
        r"(?P<rows>Rows? [\d, ]+(?: and [\d,]+ more)?) of (?P<name>.+) (?:has|have) a label but no text "
        r"in \x22(?P<column>.*)\x22\. Fill in the texts or remove those rows; nothing was evaluated\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            '{rows} of {name} have a label but no text in "{column}". Fill in the texts or remove those '
            "rows; nothing was evaluated.",
        ),
    ),
    (
        r"(?P<name>.+) has no header row\. Add a first row naming the columns \(text, label\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} has no header row. Add a first row naming the columns (text, label).",
        ),
    ),
    (
        r"(?P<name>.+) is not a valid CSV file near line (?P<line>\d+) \((?P<csv_error>.+)\)\. Fix it or "
        r"export it again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} is not a valid CSV file near line {line} ({csv_error}). Fix it or export it again.",
        ),
    ),
    (
        r"Line (?P<line>\d+) of (?P<name>.+) is longer than (?P<most>[\d,]+) characters; a row holds one "
        r"text and its label\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Line {line} of {name} is longer than {most} characters; a row holds one text and its label.",
        ),
    ),
    (
        r"Line (?P<line>\d+) of (?P<name>.+) is not a JSON object \((?P<json_error>.+)\)\. Each line must "
        r"look like (?P<example>\{.+\})\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Line {line} of {name} is not a JSON object ({json_error}). Each line must look like {example}.",
        ),
    ),
    (
        r"(?P<name>.+) cannot be split into a training part with two classes and a held-out part; add "
        r"examples of each class\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} cannot be split into a training part with two classes and a held-out part; add examples "
            "of each class.",
        ),
    ),
    (
        r"(?P<name>.+) left no held-out examples for (?P<subject>.+); add examples of each class\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} left no held-out examples for {subject}; add examples of each class.",
        ),
    ),
    (
        r"(?P<name>.+) has fewer than 10 sentences of (?P<low>\d+) to (?P<high>\d+) words; choose a "
        r"longer text to tell the two texts apart\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} has fewer than 10 sentences of {low} to {high} words; choose a longer text to tell the "
            "two texts apart.",
        ),
    ),
    (
        r"(?P<name>(?:(?! and ).)+) has only (?P<count>\d+) sentences of (?P<low>\d+) to (?P<high>\d+) words; a task "
        r"made from it needs at least 20\. Choose a longer text, or a labelled task file\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name} has only {count} sentences of {low} to {high} words; a task made from it needs at least "
            "20. Choose a longer text, or a labelled task file.",
        ),
    ),
    (
        r"The evaluation was stopped; nothing was stored\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The evaluation was stopped; nothing was stored.",
        ),
    ),
    (
        r"The model class (?P<kind>\w+) has no encoder the probe can read\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model class {kind} has no encoder the probe can read.",
        ),
    ),
    (
        r"The model's encoder was never reached; its features cannot be read\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model's encoder was never reached; its features cannot be read.",
        ),
    ),
    (
        r"There are no texts to read features from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "There are no texts to read features from.",
        ),
    ),
    (
        r"There is no shipped task called \x22(?P<name>.+)\x22\. The shipped tasks are: (?P<tasks>.+)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            'There is no shipped task called "{name}". The shipped tasks are: {tasks}.',
        ),
    ),
    (
        r"Run (?P<run>\S+) was deleted while it was being evaluated; the results were not stored\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Run {run} was deleted while it was being evaluated; the results were not stored.",
        ),
    ),
    (
        r"(?P<name_a>.+?) and (?P<name_b>.+) has only (?P<count>\d+) sentences of (?P<low>\d+) to "
        r"(?P<high>\d+) words; a task made from it needs at least 20\. Choose a longer text, or a "
        r"labelled task file\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{name_a} and {name_b} has only {count} sentences of {low} to {high} words; a task made from it "
            "needs at least 20. Choose a longer text, or a labelled task file.",
        ),
    ),
    # Explore → Per-token loss with no text chosen (store/token_loss_runs.py chosen_text).
    (
        r"No text chosen to measure on\. Give a text file, a folder or sample:NAME\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "No text chosen to measure on. Give a text file, a folder or sample:NAME.",
        ),
    ),
    # A sentence without a [MASK] (engine/mask_spelling.py no_mask_message), in Explore.
    (
        r"Add \[MASK\] where the model should guess a word, e\.g\. 'The cat sat on the \[MASK\]\.'",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Add [MASK] where the model should guess a word, e.g. 'The cat sat on the [MASK].'",
        ),
    ),
    (
        r"Add (?P<own>\S+) \(or \[MASK\]\) where the model should guess a word, e\.g\. 'The cat sat on "
        r"the (?P=own)\.'",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "Add {own} (or [MASK]) where the model should guess a word, e.g. 'The cat sat on the {own}.'",
        ),
    ),
    (
        r"This model's mask is written \[MASK\] \(capital letters in square brackets\), not "
        r"(?P<shown>.+?)\. Ask it this way: '(?P<corrected>.*)'",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This model's mask is written [MASK] (capital letters in square brackets), not {shown}. Ask it "
            "this way: '{corrected}'",
        ),
    ),
    (
        r"This model's mask is written (?P<own>\S+) \(or \[MASK\]\), not (?P<shown>.+?)\. Ask it this "
        r"way: '(?P<corrected>.*)'",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This model's mask is written {own} (or [MASK]), not {shown}. Ask it this way: '{corrected}'",
        ),
    ),
)
