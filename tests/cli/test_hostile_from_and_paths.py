"""Bad input around ``--from`` and model paths: refused in one sentence, with nothing written (issue 17).

- ``train --from ""`` (an unset ``$MODEL``) trained a new model from nothing and exited 0;
- a wrong ``--add-words`` count or words file was refused only after the model had been opened,
  leaving an opened copy in the data directory;
- a model path that does not exist created an empty history (``runs/``, history.sqlite3) just
  to look the name up as a run id, and a file or a dangling link was "neither a model folder nor
  a run" rather than what it is.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mlmstudio.cli import main

os.environ.setdefault("HF_HUB_OFFLINE", "1")
from hf_family_models import build_family  # noqa: E402  (tests/ is on the path)


@pytest.fixture(scope="module")
def bert(tmp_path_factory) -> Path:
    return build_family("bert", tmp_path_factory.mktemp("bert") / "bert")


def _refused(capsys, home: Path, *argv: str) -> str:
    code = main(["--data-dir", str(home), *argv])
    out, err = capsys.readouterr()
    assert code == 2, (code, out, err)
    sentences = [line for line in err.splitlines() if line.startswith("mlmstudio: ")]
    assert len(sentences) == 1 and "Traceback" not in err, err
    assert not home.exists() or sorted(p.name for p in home.iterdir()) == [], sorted(home.iterdir())
    return sentences[0]


@pytest.mark.parametrize("door", [["train", "sample:facts"], ["queue", "add", "sample:facts"]])
@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_from_is_refused_not_a_new_model(capsys, tmp_path, door, name):
    said = _refused(capsys, tmp_path / "home", *door, "--from", name, "--steps", "1")
    assert "--from was given an empty name" in said


@pytest.mark.parametrize(
    "flags, said",
    [
        (["--add-words", "0"], "must be at least 1, not 0"),
        (["--add-words", "100000000"], "At most 10,000 words"),
        (["--add-words-file", "MISSING"], "There is no words file"),
        (["--add-words-file", "EMPTY"], "has no words in it"),
        (["--add-words-file", "LATIN1"], "cannot be read"),
    ],
)
@pytest.mark.parametrize("door", [["train", "sample:facts"], ["queue", "add", "sample:facts"]])
def test_a_wrong_added_words_flag_is_refused_before_the_model_is_opened(
    bert, capsys, tmp_path, door, flags, said
):
    files = {"MISSING": tmp_path / "none.txt", "EMPTY": tmp_path / "empty.txt", "LATIN1": tmp_path / "l1.txt"}
    files["EMPTY"].write_text("# only a comment\n\n")
    files["LATIN1"].write_bytes("caf\xe9 na\xefve".encode("latin-1"))
    flags = [str(files[f]) if f in files else f for f in flags]
    message = _refused(capsys, tmp_path / "home", *door, "--from", str(bert), "--steps", "1", *flags)
    assert said in message


@pytest.mark.parametrize("command", [["fill", "MODEL", "a [MASK] ."], ["score", "MODEL", "a b ."]])
def test_a_missing_folder_creates_no_history(capsys, tmp_path, command):
    argv = [str(tmp_path / "no" / "such" / "model") if a == "MODEL" else a for a in command]
    assert "neither a model folder nor a run" in _refused(capsys, tmp_path / "home", *argv)


def test_a_file_given_as_the_model_is_said_to_be_a_file(bert, capsys, tmp_path):
    said = _refused(capsys, tmp_path / "home", "fill", str(bert / "model.safetensors"), "a [MASK] .")
    assert "is a file, not a model folder" in said


@pytest.mark.parametrize("target", ["gone", "loop"])
def test_a_link_to_no_folder_is_said_to_be_one(capsys, tmp_path, target):
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "gone" if target == "gone" else link)
    said = _refused(capsys, tmp_path / "home", "fill", str(link), "a [MASK] .")
    assert "is a link that leads to no folder" in said


def test_two_first_openings_of_one_folder_at_once_both_answer(bert, capsys, tmp_path, monkeypatch):
    """The second of two commands opening a folder found the first's copy renamed into place
    under its own, and failed (exit 1, 'Directory not empty') instead of using it."""
    from mlmstudio.cli import model_folders
    from mlmstudio.engine.hf_import import open_transformers_folder

    def the_other_command_wins(source, out):
        open_transformers_folder(source, out)  # the other process, finishing first
        return open_transformers_folder(source, out)  # this one: out exists now

    monkeypatch.setattr(model_folders, "open_transformers_folder", the_other_command_wins)
    code = main(["--data-dir", str(tmp_path / "home"), "fill", str(bert), "the cat sat on the [MASK] ."])
    out, err = capsys.readouterr()
    assert code == 0 and out.strip() and "Traceback" not in err, err


def _cache(bert: Path, root: Path) -> Path:
    import shutil

    repo = root / "hub" / "models--org--tiny-bert"
    shutil.copytree(bert, repo / "snapshots" / "rev1")
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("rev1")
    (root / "hub" / "models--org--half").mkdir()  # a download cut short: no snapshots/
    return root / "hub"


def test_a_cached_model_by_its_hub_name_answers_fill_as_models_open_reads_it(
    bert, capsys, tmp_path, monkeypatch
):
    """README: a model opens "from the folder or from the local Hugging Face cache"; fill said
    'org/tiny-bert' was "neither a model folder nor a run in the history"."""
    monkeypatch.setenv("HF_HUB_CACHE", str(_cache(bert, tmp_path)))
    home = tmp_path / "home"
    code = main(["--data-dir", str(home), "fill", "org/tiny-bert", "the cat sat on the [MASK] ."])
    out, err = capsys.readouterr()
    assert code == 0 and out.strip(), err
    said = _refused(capsys, tmp_path / "other", "fill", "org/half", "a [MASK] .")
    assert "has no snapshot (a download cut short)" in said
    said = _refused(capsys, tmp_path / "other", "fill", "org/absent", "a [MASK] .")
    assert "neither a model folder nor a run" in said


@pytest.mark.parametrize("name", ["", "   "])
def test_models_open_of_an_empty_name_is_refused(capsys, tmp_path, monkeypatch, name):
    """'' was read as the current folder ("The folder . has no config.json")."""
    monkeypatch.chdir(tmp_path)
    said = _refused(capsys, tmp_path / "home", "models", "open", name)
    assert "No model given (the name is empty)" in said


def test_token_loss_of_a_folder_says_to_open_it_first(bert, capsys, tmp_path):
    """It said "No run matches '/path/to/bert'", and created an empty history to say it."""
    said = _refused(capsys, tmp_path / "home", "token-loss", str(bert), "--text", "sample:facts")
    assert "is a folder" in said and "models open" in said
