"""MLM Studio: train small BERT-style masked language models on your own text."""

__version__ = "0.1.0"
