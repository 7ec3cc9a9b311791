"""The shipped demo task, ``sample:kinds``: is the one content word of a sentence an animal, a food or a place?

Generated here by code (no outside text, so nothing to license beyond MLM Studio's own), from
the words of the facts sample (``engine/samples.py``), so a model trained on ``sample:facts``
has seen every one. Each word is put into the same neutral sentences ("We talked about cow
today."), so the only thing that tells the classes apart is the word. The examples are
grouped by their word and the split keeps a group together: the held-out sentences are about
words the probe never saw. A random twin's features still tell words apart, but nothing in them
says that a cow and a lion are alike; a trained model's do when its training put them in alike
sentences. That contrast is the demo's point.
"""

from __future__ import annotations

from mlmstudio.engine.evaluate.tasks import LabelledTask, TaskError, make_task

SAMPLE_TASK_PREFIX = "sample:"

# Fourteen words of each kind, each one the facts sample uses.
_KINDS: dict[str, list[str]] = {
    "animal": ("cow dog cat duck sheep pig horse lion frog bear bird bee spider rabbit".split()),
    "food": (
        "bread cheese butter honey milk eggs soup chocolate banana carrot apple grapes cream flour".split()
    ),
    "place": (
        "Paris Berlin Rome Madrid Tokyo Moscow Cairo Athens France Germany Italy Spain Japan Greece".split()
    ),
}
_TEMPLATES = (
    "we talked about {w} today.",
    "the next word is {w}.",
    "my friend wrote about {w}.",
    "i read a story about {w}.",
    "she said {w} twice.",
    "the answer was {w}.",
    "he drew a picture of {w}.",
    "they asked me about {w}.",
    "this page is about {w}.",
    "you can see {w} here.",
    "everyone knows {w}.",
    "the book says {w}.",
)

SAMPLE_TASKS = {
    "kinds": "Is the one content word of a sentence an animal, a food or a place? "
    f"{sum(len(w) for w in _KINDS.values()) * len(_TEMPLATES)} generated sentences over the words "
    "of sample:facts; the held-out sentences are about words the probe never saw.",
}


def sample_task(name: str) -> LabelledTask:
    """A shipped task by name (``kinds``); ``TaskError`` for an unknown one."""
    key = name.strip().lower()
    if key != "kinds":
        shown = ", ".join(f"sample:{n}" for n in SAMPLE_TASKS)
        raise TaskError(f'There is no shipped task called "{name}". The shipped tasks are: {shown}.')
    return kinds_task()


def kinds_task() -> LabelledTask:
    texts, labels, groups = [], [], []
    for kind, words in _KINDS.items():
        for word in words:
            for template in _TEMPLATES:
                sentence = template.format(w=word)  # the bare word: an article would tell the class
                texts.append(sentence[0].upper() + sentence[1:])
                labels.append(kind)
                groups.append(word)
    return make_task("sample:kinds", texts, labels, groups=groups, description=SAMPLE_TASKS["kinds"])
