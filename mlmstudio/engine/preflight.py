"""What a run will be, measured on the corpus before the run is recorded.

Two facts decide whether the numbers before Start are honest and whether the
run can start at all:

- the real vocabulary size, from the tokenizer the run itself would train (the
  trainer's own ``tokenizer_for_run``), which sets the parameter count;
- the number of training tokens, held against one training window by the
  trainer's own rule (``check_enough_tokens`` on ``seq_len - 2``, the window
  between [CLS] and [SEP]).

Counting tokens exactly means tokenizing the training text; on a large corpus
the number of whitespace-separated words, a lower bound (every word is at
least one token), settles it at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from mlmstudio.config import RunConfig
from mlmstudio.engine.corpus import check_enough_tokens, split_spans
from mlmstudio.engine.errors import CorpusError
from mlmstudio.engine.text_spans import TextSpans

# Up to this many training characters the tokens are counted exactly; beyond it a word
# count that already fills a window many times over is enough.
EXACT_COUNT_CHARS = 2_000_000
_WORD_MARGIN = 2  # the word count must exceed a window by this factor to skip the exact count
# Words enough to fill the longest window the config allows many times over.
LOWER_BOUND_WORDS = 100_000
_WORD_CHUNK_CHARS = 50_000  # small pieces: counting stops soon after the answer is known


@dataclass(frozen=True)
class CorpusFacts:
    """The run's vocabulary and training tokens for one corpus and tokenizer setting."""

    vocab_size: int
    train_tokens: int  # exact when ``exact`` is True, else a lower bound
    exact: bool

    def window_problem(self, seq_len: int) -> str:
        """The trainer's refusal for ``seq_len`` as a sentence with what to change, or ''."""
        if not self.exact:  # a lower bound of LOWER_BOUND_WORDS: more than any window needs
            return ""
        try:
            check_enough_tokens(self.train_tokens, window_tokens(seq_len), where="training")
        except CorpusError as exc:
            return str(exc)
        return ""

    def longest_window(self) -> int:
        """The longest sequence length this corpus can fill (only meaningful when ``exact``)."""
        return self.train_tokens + 2


def window_tokens(seq_len: int) -> int:
    """Corpus tokens in one training window: the sequence less [CLS] and [SEP] (engine.data)."""
    return seq_len - 2


def corpus_facts(config: RunConfig, corpus_text: str, tokenizer=None) -> CorpusFacts:
    """Train the run's tokenizer (unless given) and count the training tokens. Slow: off the GUI thread."""
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run

    tokenizer = tokenizer or tokenizer_for_run(config, corpus_text)
    train_text, _ = split_spans(corpus_text, config.corpus.val_fraction, config.training.seed)
    count, exact = _count_tokens(train_text, tokenizer, config.training.seq_len)
    return CorpusFacts(vocab_size=tokenizer.vocab_size, train_tokens=count, exact=exact)


def words_fill_a_window(config: RunConfig, corpus_text: str) -> bool:
    """True when the training words alone fill a window twice over: no tokenizer needed to know.

    Fast on any corpus (it stops counting once it knows), so a face may call it
    on its own thread; False means "count the tokens" (``corpus_facts``).
    """
    train_text, _ = split_spans(corpus_text, config.corpus.val_fraction, config.training.seed)
    return _words_at_least(train_text, _WORD_MARGIN * window_tokens(config.training.seq_len))


def check_corpus_fits(config: RunConfig, corpus_text: str, tokenizer=None) -> None:
    """Raise the trainer's CorpusError now when the corpus cannot fill one training window.

    Cheap on a large corpus (a word count); a small one is tokenized as the
    run would tokenize it. Call it before a run is recorded.
    """
    train_text, _ = split_spans(corpus_text, config.corpus.val_fraction, config.training.seed)
    needed = window_tokens(config.training.seq_len)
    if _words_at_least(train_text, _WORD_MARGIN * needed):
        return
    count = _exact_training_tokens(config, corpus_text, train_text, tokenizer)
    try:
        check_enough_tokens(count, needed, where="training")
    except CorpusError as exc:
        if count + 2 >= MIN_SEQ_LEN:  # a sequence length that fits, where one is worth training on
            raise CorpusError(
                f"{exc} The longest sequence length this corpus fills is {count + 2}."
            ) from None
        raise


# Shorter windows than this hold too little context to learn from.
MIN_SEQ_LEN = 8


def longest_fitting_seq_len(config: RunConfig, corpus_text: str, tokenizer=None) -> int | None:
    """The longest sequence length (with [CLS] and [SEP]) whose window the training text fills.

    None when even an 8-token window does not fit. Tokenizes the training text as the run would.
    """
    train_text, _ = split_spans(corpus_text, config.corpus.val_fraction, config.training.seed)
    length = _exact_training_tokens(config, corpus_text, train_text, tokenizer) + 2
    return min(length, config.model.max_len) if length >= MIN_SEQ_LEN else None


def _exact_training_tokens(config: RunConfig, corpus_text: str, train_text: TextSpans, tokenizer) -> int:
    from mlmstudio.engine.run_tokenizer import tokenizer_for_run

    tokenizer = tokenizer or tokenizer_for_run(config, corpus_text)
    count, _ = _count_tokens(train_text, tokenizer, config.training.seq_len, force_exact=True)
    return count


def _count_tokens(
    train_text: TextSpans, tokenizer, seq_len: int, force_exact: bool = False
) -> tuple[int, bool]:
    """Training tokens: exact on a small text; on a large one, words when they clearly suffice."""
    if not force_exact and len(train_text) > EXACT_COUNT_CHARS:
        words = _word_count(train_text, limit=LOWER_BOUND_WORDS)
        if words >= LOWER_BOUND_WORDS:
            return words, False
    from mlmstudio.engine.data import encode_stream

    return len(encode_stream(train_text, tokenizer)), True


def _words_at_least(text: TextSpans, n: int) -> bool:
    return _word_count(text, limit=n) >= n


def _word_count(text: TextSpans, limit: int | None) -> int:
    """Whitespace-separated words, stopping once ``limit`` is reached (chunks end at newlines)."""
    count = 0
    for chunk in text.chunks(_WORD_CHUNK_CHARS):
        count += len(chunk.split())
        if limit is not None and count >= limit:
            break
    return count
