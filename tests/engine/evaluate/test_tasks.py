"""Labelled tasks: files read as streams with their refusals, tasks made from texts, the demo task."""

from __future__ import annotations

import json

import pytest

from mlmstudio.engine.evaluate.corpus_tasks import shuffled_task, source_task
from mlmstudio.engine.evaluate.demo_task import kinds_task, sample_task
from mlmstudio.engine.evaluate.probe import split_examples
from mlmstudio.engine.evaluate.tasks import MAX_EXAMPLES, TaskError, load_task_file
from mlmstudio.engine.samples import sample_text


def _csv(path, rows, header="text,label"):
    path.write_text(header + "\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_a_csv_with_chosen_columns_is_read_with_its_classes(tmp_path):
    rows = [f'"sentence {i}, with a comma",{"yes" if i % 3 else "no"},x' for i in range(30)]
    task = load_task_file(
        _csv(tmp_path / "t.csv", rows, "Sentence,Answer,other"), text_column="sentence", label_column="ANSWER"
    )
    assert task.classes == ("no", "yes") and len(task) == 30
    assert task.texts[0] == "sentence 0, with a comma" and task.labels[0] == 0
    assert task.class_counts() == [10, 20]


def test_tsv_and_jsonl_are_read_too(tmp_path):
    (tmp_path / "t.tsv").write_text(
        "text\tlabel\n" + "".join(f"a b {i}\t{i % 2}\n" for i in range(25)), encoding="utf-8"
    )
    assert load_task_file(tmp_path / "t.tsv").classes == ("0", "1")
    lines = [json.dumps({"review": f"good {i}", "stars": i % 3}) for i in range(25)] + [""]
    (tmp_path / "t.jsonl").write_text("\n".join(lines), encoding="utf-8")
    task = load_task_file(tmp_path / "t.jsonl", text_column="review", label_column="stars")
    assert task.classes == ("0", "1", "2") and len(task) == 25


def test_one_class_is_refused(tmp_path):
    with pytest.raises(TaskError, match='same label \\("spam"\\); a task needs at least two classes'):
        load_task_file(_csv(tmp_path / "t.csv", [f"text {i},spam" for i in range(30)]))


def test_more_than_a_thousand_classes_are_refused(tmp_path):
    with pytest.raises(TaskError, match="more than 1,000 different labels"):
        load_task_file(_csv(tmp_path / "t.csv", [f"text {i},label{i}" for i in range(1500)]))


def test_rows_without_a_label_are_refused_by_row_number(tmp_path):
    rows = [f"text {i},{'' if i in (3, 9) else i % 2}" for i in range(30)]
    with pytest.raises(TaskError, match=r'Rows 5, 11 of t.csv have a text but no label in "label"'):
        load_task_file(_csv(tmp_path / "t.csv", rows))


def test_an_empty_text_column_is_refused(tmp_path):
    with pytest.raises(TaskError, match='The text column "text" of t.csv is empty in every row'):
        load_task_file(_csv(tmp_path / "t.csv", [f",{i % 2}" for i in range(30)]))


def test_a_missing_column_names_the_columns(tmp_path):
    with pytest.raises(
        TaskError, match='no column "category" for the labels. Its columns are: "text", "label"'
    ):
        load_task_file(_csv(tmp_path / "t.csv", ["a,b"] * 30), label_column="category")


def test_too_few_rows_and_non_utf8_and_other_files_are_sentences(tmp_path):
    with pytest.raises(TaskError, match="at least 20"):
        load_task_file(_csv(tmp_path / "t.csv", ["a,0", "b,1"]))
    (tmp_path / "latin.csv").write_bytes(b"text,label\n" + "caf\xe9,1\n".encode("latin-1") * 30)
    with pytest.raises(TaskError, match="is not UTF-8"):
        load_task_file(tmp_path / "latin.csv")
    (tmp_path / "t.txt").write_text("x", encoding="utf-8")
    with pytest.raises(TaskError, match="not a CSV, TSV or JSONL"):
        load_task_file(tmp_path / "t.txt")
    with pytest.raises(TaskError, match="does not exist"):
        load_task_file(tmp_path / "gone.csv")


@pytest.mark.slow
def test_a_million_rows_are_streamed_and_sampled_to_the_limit(tmp_path):
    path = tmp_path / "big.csv"
    with open(path, "w", encoding="utf-8") as f:
        f.write("text,label\n")
        for i in range(1_000_000):
            f.write(f"row {i},{i % 4}\n")
    task = load_task_file(path)
    assert len(task) == MAX_EXAMPLES and task.classes == ("0", "1", "2", "3")
    assert "1,000,000 labelled rows; a seeded random sample of 20,000" in task.notes[0]
    numbers = sorted(int(t.split()[1]) for t in task.texts)
    assert numbers[-1] > 900_000 and numbers[0] < 100_000  # a sample of the whole file, not its head


def test_the_shuffled_task_pairs_originals_with_shuffled_copies_of_other_sentences():
    task = shuffled_task(sample_text("facts"), source="sample:facts")
    assert (
        task.classes == ("original", "shuffled") and abs(task.class_counts()[0] - task.class_counts()[1]) <= 1
    )
    originals = {t for t, label in zip(task.texts, task.labels, strict=True) if label == 0}
    for text, label in zip(task.texts, task.labels, strict=True):
        if label == 1:
            assert text not in originals
    assert len(set(task.texts)) > 0.95 * len(task)


@pytest.mark.slow
def test_the_source_task_labels_each_sentence_with_its_text():
    task = source_task(sample_text("facts"), "sample:facts", sample_text("pydoc"), "sample:pydoc", limit=400)
    assert task.classes == ("sample:facts", "sample:pydoc") and task.class_counts() == [200, 200]
    with pytest.raises(TaskError, match="fewer than 10 sentences"):
        source_task(sample_text("facts"), "facts", sample_text("tutorial"), "tutorial")


def test_the_demo_task_splits_by_word():
    task = kinds_task()
    assert task.classes == ("animal", "food", "place") and task.class_counts() == [168, 168, 168]
    split = split_examples(task.labels, 0, groups=task.groups)
    assert task.groups is not None
    train_words = {task.groups[i] for i in split.train}
    test_words = {task.groups[i] for i in split.test}
    assert not train_words & test_words and len(test_words) == 12  # 4 of the 14 words of each kind
    assert sample_task("KINDS").texts == task.texts
    with pytest.raises(TaskError, match="The shipped tasks are: sample:kinds"):
        sample_task("sentiment")
