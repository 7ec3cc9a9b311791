"""Opening a model folder (engine/hf_import): its refusals and notes, in Open a Model and the status bar."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

SENTENCES: tuple[tuple[str, str], ...] = (
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
    # A run's own model folder (engine/artifacts.py load_model_dir): History's imports, Explore, resuming.
    (
        r"The folder (?P<path>.+) does not exist\. Choose a folder written by MLM Studio\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder {path} does not exist. Choose a folder written by MLM Studio.",
        ),
    ),
    (
        r"(?P<path>.+) is a file, not a model folder\. Choose a folder written by MLM Studio \(it holds "
        r"config\.json, tokenizer\.json and model\.safetensors\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} is a file, not a model folder. Choose a folder written by MLM Studio (it holds "
            "config.json, tokenizer.json and model.safetensors).",
        ),
    ),
    (
        r"The folder (?P<path>.+) has no (?P<name>\S+)\. Choose a folder written by MLM Studio \(it holds "
        r"config\.json, tokenizer\.json and model\.safetensors\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder {path} has no {name}. Choose a folder written by MLM Studio (it holds config.json, "
            "tokenizer.json and model.safetensors).",
        ),
    ),
    (
        r"(?P<reason>.+) \(The model in (?P<path>.+)\.\)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{reason} (The model in {path}.)",
        ),
    ),
    (
        r"The config\.json in (?P<path>.+) cannot be used: (?P<reason>.+) The folder may be damaged; "
        r"choose another or retrain\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The config.json in {path} cannot be used: {reason} The folder may be damaged; choose another or "
            "retrain.",
        ),
    ),
    (
        r"The tokenizer\.json in (?P<path>.+) cannot be used: (?P<reason>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The tokenizer.json in {path} cannot be used: {reason}",
        ),
    ),
    (
        r"The tokenizer\.json in (?P<path>.+) is damaged \((?P<error>.+)\)\. Choose another folder or "
        r"retrain\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The tokenizer.json in {path} is damaged ({error}). Choose another folder or retrain.",
        ),
    ),
    (
        r"The (?P<file>\S+) in (?P<path>.+) is damaged or not a safetensors file \((?P<error>.+)\)\. "
        r"Choose another folder or retrain\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The {file} in {path} is damaged or not a safetensors file ({error}). Choose another folder or "
            "retrain.",
        ),
    ),
    (
        r"The weights in (?P<path>.+) do not match its config\.json and tokenizer\.json "
        r"\((?P<details>.+)\)\. The folder may mix files from different runs; retrain or choose another "
        r"folder\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} do not match its config.json and tokenizer.json ({details}). The folder "
            "may mix files from different runs; retrain or choose another folder.",
        ),
    ),
    # What does not match (artifacts._load_weights, hf_import's weights): a clause each, joined by '; '.
    (
        r"missing (?P<names>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "missing {names}",
        ),
    ),
    (
        r"unexpected (?P<names>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "unexpected {names}",
        ),
    ),
    (
        r"wrong shape for (?P<names>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "wrong shape for {names}",
        ),
    ),
)
