"""The layering rules of docs/ARCHITECTURE.md, checked by import-linter."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Every contract in pyproject.toml that must be present and kept (more may be added).
REQUIRED_CONTRACTS = (
    "engine and config are free of Qt, SQLAlchemy, the store and the GUI",
    "the store imports no Qt and no GUI",
    "config imports no torch",
    "config imports no engine",
    "the GUI and the CLI never import each other",
    "the display check imports no Qt",
)


def test_import_linter_contracts_hold():
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    summary = re.search(r"Contracts: (\d+) kept, (\d+) broken", result.stdout)
    assert summary is not None, result.stdout
    assert int(summary.group(2)) == 0
    assert int(summary.group(1)) >= len(REQUIRED_CONTRACTS)
    for name in REQUIRED_CONTRACTS:
        assert f"{name} KEPT" in result.stdout, f"contract missing or broken: {name}"


def test_config_imports_without_torch():
    code = "import sys, mlmstudio.config; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
