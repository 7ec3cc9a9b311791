"""Free memory and the verdict on whether a run fits."""

from mlmstudio.engine.system_memory import available_memory_bytes, human_bytes, memory_fit


def test_meminfo_available_is_read_in_bytes(tmp_path):
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       16000000 kB\nMemFree:   100 kB\nMemAvailable:    8000000 kB\n")
    assert available_memory_bytes(meminfo) == 8_000_000 * 1024


def test_without_meminfo_there_is_still_an_answer_or_none(tmp_path):
    value = available_memory_bytes(tmp_path / "missing")
    assert value is None or value > 0


def test_verdicts():
    assert memory_fit(10**9, 8 * 10**9).message == ""
    tight = memory_fit(7 * 10**9, 8 * 10**9)
    assert tight.fits and tight.tight and "tight" in tight.message
    refused = memory_fit(9 * 10**9, 8 * 10**9)
    assert not refused.fits and "9.0 GB" in refused.message and "8.0 GB" in refused.message
    assert "smaller" in refused.message
    assert memory_fit(10**12, None).fits  # unknown free memory: say nothing
    assert human_bytes(1_500_000) == "1.5 MB"
