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


def test_a_short_corpus_with_no_chosen_length_trains_on_windows_it_fills(capsys, _isolated_data_dir):
    # The tutorial's five lines give 33 WordPiece tokens: the default 128-token windows cannot be
    # filled, and since the user chose no length the run uses the longest one that fits.
    code = main(["train", "sample:tutorial", "--steps", "2", "--json"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "training uses 35-token sequences instead of 128" in captured.err
    run_dirs = list((_isolated_data_dir / "runs").iterdir())
    assert len(run_dirs) == 1
    config = (run_dirs[0] / "config.json").read_text(encoding="utf-8")
    assert '"seq_len": 35' in config


def test_a_length_the_user_chose_is_refused_not_changed(capsys, _isolated_data_dir):
    assert main(["train", "sample:tutorial", "--steps", "2", "--seq-len", "64"]) == 2
    assert "The longest sequence length this corpus fills is 35" in capsys.readouterr().err
    runs_dir = _isolated_data_dir / "runs"
    assert not runs_dir.exists() or not any(runs_dir.iterdir())
