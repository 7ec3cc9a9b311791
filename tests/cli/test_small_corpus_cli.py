"""`mlmstudio train` refuses a corpus too small for one window before it records a run."""

from mlmstudio.cli import main


def test_a_ninety_word_text_is_refused_and_leaves_no_run(tmp_path, capsys, _isolated_data_dir):
    corpus = tmp_path / "ninety.txt"
    corpus.write_text("one two three four five six seven eight nine ten. " * 9, encoding="utf-8")
    code = main(["train", str(corpus), "--steps", "5", "--seq-len", "128"])
    err = capsys.readouterr().err
    assert code == 2
    assert "one training window needs 126" in err and "shorter sequence length" in err
    assert "The longest sequence length this corpus fills is" in err
    assert main(["runs", "list"]) == 0
    assert "No runs" in capsys.readouterr().out
    runs_dir = _isolated_data_dir / "runs"
    assert not runs_dir.exists() or not any(runs_dir.iterdir())
