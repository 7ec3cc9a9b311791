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
    (  # the article is the name's (families.with_article): "an opt", "an 'al\\nbert'"
        r"(?P<where>.+) holds an (?P<kind>.+?) model: this is a text generator, not a masked language model\. "
        r"MLM Studio opens BERT, DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA \(generator or "
        r"discriminator\), ESM and the models MLM Studio exports\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{where} holds an {kind} model: this is a text generator, not a masked language model. MLM Studio "
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
        r"(?P<where>.+) holds a (?P<kind>.+?) model, which MLM Studio cannot open yet\. It opens BERT, "
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
        r"(?P<where>.+) holds an (?P<kind>.+?) model, which MLM Studio cannot open yet\. It opens BERT, "
        r"DistilBERT, RoBERTa, XLM-RoBERTa, CamemBERT, ELECTRA \(generator or discriminator\), ESM and the "
        r"models MLM Studio exports\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{where} holds an {kind} model, which MLM Studio cannot open yet. It opens BERT, DistilBERT, "
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
    # A file of an opened folder that cannot be read (hf_import/folder.py CHECK_READABLE, COPY_AGAIN):
    # config.json, tokenizer.json, tokenizer_config.json, special_tokens_map.json, vocab.txt.
    (
        r"The (?P<name>\S+) in (?P<path>.+) cannot be read \((?P<error>.+)\)\. Check that you are allowed to "
        r"read it, or copy the model again from where it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The {name} in {path} cannot be read ({error}). Check that you are allowed to read it, or copy the "
            "model again from where it came from.",
        ),
    ),
    (
        r"The (?P<name>\S+) in (?P<path>.+) cannot be read \((?P<error>.+)\)\. Copy the model again from "
        r"where it came from, or write it again with save_pretrained\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The {name} in {path} cannot be read ({error}). Copy the model again from where it came from, or "
            "write it again with save_pretrained.",
        ),
    ),
    (
        r"The config\.json in (?P<path>.+) is not a JSON object, so it holds no model settings\. Copy the "
        r"model again from where it came from, or write it again with save_pretrained\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The config.json in {path} is not a JSON object, so it holds no model settings. Copy the model "
            "again from where it came from, or write it again with save_pretrained.",
        ),
    ),
    (
        r"The config\.json in (?P<path>.+) is a folder, not a file, so the model's settings cannot be "
        r"read\. Copy the model again from where it came from, or write it again with save_pretrained\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The config.json in {path} is a folder, not a file, so the model's settings cannot be read. Copy "
            "the model again from where it came from, or write it again with save_pretrained.",
        ),
    ),
    (
        r"The (?P<name>\S+) in (?P<path>.+) is not a JSON object\. The folder may be damaged; copy the "
        r"model's tokenizer files again from where it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The {name} in {path} is not a JSON object. The folder may be damaged; copy the model's tokenizer "
            "files again from where it came from.",
        ),
    ),
    (
        r"The folder (?P<path>.+) holds a link that leads back to itself \((?P<name>.+?)\), so the file it "
        r"stands for cannot be read\. Put the file itself in its place, or copy the model again from where "
        r"it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder {path} holds a link that leads back to itself ({name}), so the file it stands for "
            "cannot be read. Put the file itself in its place, or copy the model again from where it came "
            "from.",
        ),
    ),
    (
        r"The weights in (?P<path>.+) hold (?P<name>\S+) as (?P<dtype>\w+) values, not as the "
        r"floating-point numbers \(float32, float16 or bfloat16\) a model's weights are, so it was not "
        r"opened\. The file is damaged or was not written by transformers; copy the model again from where "
        r"it came from, or save it again with save_pretrained\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} hold {name} as {dtype} values, not as the floating-point numbers (float32, "
            "float16 or bfloat16) a model's weights are, so it was not opened. The file is damaged or was not "
            "written by transformers; copy the model again from where it came from, or save it again with "
            "save_pretrained.",
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
    # Opening a model folder: the rarer refusals (engine/hf_import/convert.py, folder.py, weight_maps.py).
    (
        r"(?P<path>.+) already exists\. Choose a new folder for the opened model\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{path} already exists. Choose a new folder for the opened model.",
        ),
    ),
    (
        r"The weights in (?P<path>.+) hold numbers that are not finite \(NaN or infinity\) in "
        r"(?P<name>\S+)\. The model is damaged \(a training that diverged, or a file cut short\); copy it "
        r"again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} hold numbers that are not finite (NaN or infinity) in {name}. The model "
            "is damaged (a training that diverged, or a file cut short); copy it again.",
        ),
    ),
    (
        r"The ELECTRA generator in (?P<path>.+) projects its embeddings to another width \(embedding_size "
        r"differs from hidden_size\), which MLM Studio's layout cannot hold yet\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The ELECTRA generator in {path} projects its embeddings to another width (embedding_size "
            "differs from hidden_size), which MLM Studio's layout cannot hold yet.",
        ),
    ),
    (
        r"The config\.json in (?P<path>.+) gives hidden_size = (?P<width>\d+) and num_attention_heads = "
        r"(?P<heads>\d+), which do not divide \(transformers refuses it too\)\. The folder may be "
        r"damaged\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The config.json in {path} gives hidden_size = {width} and num_attention_heads = {heads}, which "
            "do not divide (transformers refuses it too). The folder may be damaged.",
        ),
    ),
    (
        r"The model in (?P<path>.+) reads at most (?P<positions>[\d,]+) tokens at once \(its "
        r"max_position_embeddings\); MLM Studio's layers read (?P<low>\d+) to (?P<high>[\d,]+)\. This "
        r"model cannot be opened here\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model in {path} reads at most {positions} tokens at once (its max_position_embeddings); MLM "
            "Studio's layers read {low} to {high}. This model cannot be opened here.",
        ),
    ),
    (
        r"The model in (?P<path>.+) uses the activation (?P<activation>.+); MLM Studio's layers use the "
        r"exact GELU \('gelu'\), so its predictions would differ\. This model cannot be opened here\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model in {path} uses the activation {activation}; MLM Studio's layers use the exact GELU "
            "('gelu'), so its predictions would differ. This model cannot be opened here.",
        ),
    ),
    (
        r"The model in (?P<path>.+) uses (?P<kind>\S+) positions, which MLM Studio's BERT layout does not "
        r"have\. This model cannot be opened here\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model in {path} uses {kind} positions, which MLM Studio's BERT layout does not have. This "
            "model cannot be opened here.",
        ),
    ),
    (
        r"The ESM model in (?P<path>.+) has learned positions; MLM Studio opens rotary ESM models\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The ESM model in {path} has learned positions; MLM Studio opens rotary ESM models.",
        ),
    ),
    (
        r"The ESM model in (?P<path>.+) normalises its embeddings first \(an ESM-1b layout\), which MLM "
        r"Studio's layers do not do yet\. This model cannot be opened here\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The ESM model in {path} normalises its embeddings first (an ESM-1b layout), which MLM Studio's "
            "layers do not do yet. This model cannot be opened here.",
        ),
    ),
    (
        r"The ESM model in (?P<path>.+) turns its positions at another rate \(rope_theta\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The ESM model in {path} turns its positions at another rate (rope_theta).",
        ),
    ),
    (
        r"The model in (?P<path>.+) cannot be held by MLM Studio's layers: (?P<reason>.+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model in {path} cannot be held by MLM Studio's layers: {reason}",
        ),
    ),
    (
        r"The config\.json in (?P<path>.+) gives (?P<name>\w+) = (?P<value>.+), which is not a number\. "
        r"The folder may be damaged\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The config.json in {path} gives {name} = {value}, which is not a number. The folder may be "
            "damaged.",
        ),
    ),
    (
        r"The config\.json in (?P<path>.+) gives pad_token_id = (?P<value>.+), which is not a token id of "
        r"its vocabulary\. The folder may be damaged\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The config.json in {path} gives pad_token_id = {value}, which is not a token id of its "
            "vocabulary. The folder may be damaged.",
        ),
    ),
    (
        r"The weights file (?P<file>.+) cannot be read \((?P<error>.+)\)\. Check that you are allowed to "
        r"read it, or copy the model again from where it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights file {file} cannot be read ({error}). Check that you are allowed to read it, or copy "
            "the model again from where it came from.",
        ),
    ),
    (
        r"The weights index (?P<file>.+) cannot be read \((?P<error>.+)\)\. Check that you are allowed to "
        r"read it, or copy the model again from where it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights index {file} cannot be read ({error}). Check that you are allowed to read it, or copy "
            "the model again from where it came from.",
        ),
    ),
    (
        r"The weights index (?P<file>.+) cannot be read \((?P<error>.+)\)\. Copy the model again from where "
        r"it came from, or write it again with save_pretrained\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights index {file} cannot be read ({error}). Copy the model again from where it came from, "
            "or write it again with save_pretrained.",
        ),
    ),
    (
        r"The weights index (?P<file>.+) names no shard files \(its weight_map is empty or not file "
        r"names\)\. Copy the model again from where it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights index {file} names no shard files (its weight_map is empty or not file names). Copy "
            "the model again from where it came from.",
        ),
    ),
    (
        r"The weights index in (?P<path>.+) names (?P<name>.+), which is not a file in the folder\. Copy "
        r"the model again from where it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights index in {path} names {name}, which is not a file in the folder. Copy the model "
            "again from where it came from.",
        ),
    ),
    (
        r"The weights file (?P<file>.+) does not hold a table of weights\. The folder may be damaged\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights file {file} does not hold a table of weights. The folder may be damaged.",
        ),
    ),
    (
        r"The weights in (?P<path>.+) have no word embeddings under the names a (?P<names>\S+) model "
        r"uses\. The folder may mix files of different models; copy the model again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} have no word embeddings under the names a {names} model uses. The folder "
            "may mix files of different models; copy the model again.",
        ),
    ),
    (
        r"The weights in (?P<path>.+) have no word embeddings under the names an (?P<names>\S+) model "
        r"uses\. The folder may mix files of different models; copy the model again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} have no word embeddings under the names an {names} model uses. The folder "
            "may mix files of different models; copy the model again.",
        ),
    ),
    (
        r"The weights in (?P<path>.+) are missing (?P<name>\S+)\. The folder may be damaged; copy the "
        r"model again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} are missing {name}. The folder may be damaged; copy the model again.",
        ),
    ),
    (
        r"The weights in (?P<path>.+) hold more layers than the (?P<count>\d+) its config\.json gives "
        r"\(num_hidden_layers\)\. The folder may mix files of different models; copy the model again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} hold more layers than the {count} its config.json gives "
            "(num_hidden_layers). The folder may mix files of different models; copy the model again.",
        ),
    ),
    (
        r"This model has no learned positions or embedding LayerNorm, so it is not BERT-like\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "This model has no learned positions or embedding LayerNorm, so it is not BERT-like.",
        ),
    ),
    (
        r"The model in (?P<path>.+) has a decoder of its own, not tied to its word embeddings, which MLM "
        r"Studio's pre-LN layout cannot hold\. This model cannot be opened here\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model in {path} has a decoder of its own, not tied to its word embeddings, which MLM "
            "Studio's pre-LN layout cannot hold. This model cannot be opened here.",
        ),
    ),
    (
        r"The model in (?P<path>.+) has no final LayerNorm\. The folder may be damaged\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The model in {path} has no final LayerNorm. The folder may be damaged.",
        ),
    ),
    (
        r"The ELECTRA discriminator in (?P<path>.+) has no position embeddings\. The folder may be "
        r"damaged\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The ELECTRA discriminator in {path} has no position embeddings. The folder may be damaged.",
        ),
    ),
    # An opened folder's tokenizer: the rarer refusals (engine/hf_import/tokenizer_import.py).
    (
        r"The tokenizer in (?P<path>.+) names (?P<token>.+) as its (?P<role>pad|unk|cls|sep|mask) token "
        r"but does not contain it\. The folder may be damaged; copy the model again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The tokenizer in {path} names {token} as its {role} token but does not contain it. The folder "
            "may be damaged; copy the model again.",
        ),
    ),
    (
        r"The tokenizer in (?P<path>.+) uses one token for two roles \((?P<roles>.+)\), which MLM Studio "
        r"cannot tell apart\. This model cannot be opened here\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The tokenizer in {path} uses one token for two roles ({roles}), which MLM Studio cannot tell "
            "apart. This model cannot be opened here.",
        ),
    ),
    (
        r"The tokenizer\.json in (?P<path>.+) cannot be read \((?P<error>.+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The tokenizer.json in {path} cannot be read ({error}).",
        ),
    ),
    (
        r"The (?P<name>\S+) in (?P<path>.+) cannot be read \((?P<error>.+)\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The {name} in {path} cannot be read ({error}).",
        ),
    ),
    (
        r"The tokenizer in (?P<path>.+) has no mask token, so it cannot fill in blanks\. Copy the "
        r"tokenizer files that came with the model \(tokenizer_config\.json names its special tokens\) "
        r"into the folder\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The tokenizer in {path} has no mask token, so it cannot fill in blanks. Copy the tokenizer "
            "files that came with the model (tokenizer_config.json names its special tokens) into the folder.",
        ),
    ),
    (
        r"The tokenizer in (?P<path>.+) has no (?P<role>pad|unk|cls|sep) token\. Copy the tokenizer files "
        r"that came with the model \(tokenizer_config\.json names its special tokens\) into the folder\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The tokenizer in {path} has no {role} token. Copy the tokenizer files that came with the model "
            "(tokenizer_config.json names its special tokens) into the folder.",
        ),
    ),
    # A model of the local Hugging Face cache (engine/hf_import/hub_cache.py), in Open a Model.
    (
        r"The cache's copy of (?P<repo>\S+) has no snapshot \(a download cut short\)\. Download it again "
        r"\(or delete its cache folder\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The cache's copy of {repo} has no snapshot (a download cut short). Download it again (or delete "
            "its cache folder).",
        ),
    ),
    (
        r"(?P<repo>\S+) is not in the local Hugging Face cache \((?P<cache>.+)\)\. MLM Studio never "
        r"downloads: download it with transformers or huggingface-cli first, or give its folder\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "{repo} is not in the local Hugging Face cache ({cache}). MLM Studio never downloads: download "
            "it with transformers or huggingface-cli first, or give its folder.",
        ),
    ),
    (
        r"The cache's copy of (?P<repo>\S+) is incomplete: its refs/main names the revision "
        r"(?P<revision>.+), which has no snapshot\. Download the model again \(or delete its cache "
        r"folder\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The cache's copy of {repo} is incomplete: its refs/main names the revision {revision}, which "
            "has no snapshot. Download the model again (or delete its cache folder).",
        ),
    ),
    (
        r"The cache's copy of (?P<repo>\S+) has no snapshot\. Download it again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The cache's copy of {repo} has no snapshot. Download it again.",
        ),
    ),
    (
        r"The cache's copy of (?P<repo>\S+) is incomplete: its (?P<name>.+) is a link to a file that was "
        r"deleted\. Download the model again \(or delete its cache folder\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The cache's copy of {repo} is incomplete: its {name} is a link to a file that was deleted. "
            "Download the model again (or delete its cache folder).",
        ),
    ),
    (
        r"The cache's copy of (?P<repo>\S+) is damaged: its (?P<name>.+) is a link that leads back to "
        r"itself\. Download the model again \(or delete its cache folder\)\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The cache's copy of {repo} is damaged: its {name} is a link that leads back to itself. Download "
            "the model again (or delete its cache folder).",
        ),
    ),
    # Weights of other shapes than an opened folder's config.json gives (hf_import/convert.py, weight_maps.py).
    (
        r"The weights in (?P<path>.+) do not have the shapes its config\.json describes "
        r"\((?P<reason>.+)\)\. The folder may mix files of different models; copy the model again\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights in {path} do not have the shapes its config.json describes ({reason}). The folder "
            "may mix files of different models; copy the model again.",
        ),
    ),
    (
        r"its word embeddings are (?P<shape>\[.*?\]), not (?P<expected>\[.*?\])",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its word embeddings are {shape}, not {expected}",
        ),
    ),
    (
        r"its position embeddings are (?P<shape>\[.*?\]), not (?P<expected>\[.*?\])",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its position embeddings are {shape}, not {expected}",
        ),
    ),
    (
        r"its decoder are (?P<shape>\[.*?\]), not (?P<expected>\[.*?\])",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its decoder are {shape}, not {expected}",
        ),
    ),
    (
        r"its decoder bias are (?P<shape>\[.*?\]), not (?P<expected>\[.*?\])",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its decoder bias are {shape}, not {expected}",
        ),
    ),
    # Opening a model folder: an empty weights file, a tokenizer MLM Studio cannot read (hf_import/folder.py, tokenizer_import.py).
    (
        r"The weights file (?P<file>.+) is empty \(0 bytes\): its download or copy was cut short\. Copy "
        r"the model again from where it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The weights file {file} is empty (0 bytes): its download or copy was cut short. Copy the model "
            "again from where it came from.",
        ),
    ),
    (
        r"The folder may be damaged; copy the model's tokenizer files again from where it came from\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder may be damaged; copy the model's tokenizer files again from where it came from.",
        ),
    ),
    (
        r"The folder (?P<path>.+) has its tokenizer only as a SentencePiece model \((?P<name>.+)\), which "
        r"MLM Studio does not read: it reads tokenizer\.json\. Write one with transformers "
        r"\(AutoTokenizer\.from_pretrained\(folder\)\.save_pretrained\(folder\)\), or copy the model's "
        r"tokenizer\.json into the folder\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder {path} has its tokenizer only as a SentencePiece model ({name}), which MLM Studio "
            "does not read: it reads tokenizer.json. Write one with transformers "
            "(AutoTokenizer.from_pretrained(folder).save_pretrained(folder)), or copy the model's "
            "tokenizer.json into the folder.",
        ),
    ),
    # An origin.json naming a family of another layout (hf_import/export_back.py origin_misfit), when
    # the family's name takes "an" (export.py holds the "a" one).
    (
        r"it names an (?P<family>.+) model, whose layout is not this model's",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "it names an {family} model, whose layout is not this model's",
        ),
    ),
    (
        r"its (?P<name>\w+) is (?P<value>.+), not a whole number from (?P<low>\d+) to (?P<high>[\d,]+)",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "its {name} is {value}, not a whole number from {low} to {high}",
        ),
    ),
    # A folder whose own path is not UTF-8 (hf_import/folder.py read_config).
    (
        r"The folder (?P<path>.+) has a name that is not UTF-8 text, so MLM Studio cannot record where the "
        r"model came from\. Rename the folder \(or the one above it that has such a name\), or copy the "
        r"model to a folder whose name is UTF-8\.",
        QT_TRANSLATE_NOOP(
            "EngineMessages",
            "The folder {path} has a name that is not UTF-8 text, so MLM Studio cannot record where the model "
            "came from. Rename the folder (or the one above it that has such a name), or copy the model to a "
            "folder whose name is UTF-8.",
        ),
    ),
)
