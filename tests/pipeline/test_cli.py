"""The handlens command as a user runs it."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pipeline.cli.main import main

from support.common import HANDWRITTEN as SAMPLES


def test_import_json_summary_and_reimport(tmp_path, capsys):
    db = str(tmp_path / "h.duckdb")
    assert main(["import", str(SAMPLES), "--db", db, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"files", "hands_new", "duplicates", "incomplete", "unsupported", "parse_errors",
            "seconds"} <= set(out)
    assert (out["files"], out["hands_new"], out["parse_errors"]) == (3, 7, 0)
    assert main(["import", str(SAMPLES), "--db", db, "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert (again["hands_new"], again["duplicates"]) == (0, 7)


def test_import_prints_a_readable_summary(tmp_path, capsys):
    assert main(["import", str(SAMPLES), "--db", str(tmp_path / "h.duckdb")]) == 0
    out = capsys.readouterr().out
    assert "hands new                7" in out and "parse errors             0" in out


def test_errors_lists_file_and_line(tmp_path, capsys):
    bad = tmp_path / "in" / "bad.txt"
    bad.parent.mkdir()
    text = next(SAMPLES.glob("*Vega*")).read_text()
    bad.write_text(text.replace("turnpike: folds", "turnpike: sings"))
    db = str(tmp_path / "h.duckdb")
    main(["import", str(bad.parent), "--db", db])
    capsys.readouterr()
    assert main(["errors", "--db", db]) == 0
    out = capsys.readouterr().out.strip()
    assert out == f"{bad}:12: unrecognised line: turnpike: sings"


def test_missing_path_is_a_clear_message(tmp_path, capsys):
    assert main(["import", str(tmp_path / "nope"), "--db", str(tmp_path / "h.duckdb")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("command", [[], ["import"], ["errors"]])
def test_help_on_every_command(command):
    out = subprocess.run([sys.executable, "-m", "pipeline.cli", *command, "--help"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and "usage: handlens" in out.stdout


def test_help_loads_neither_the_store_nor_the_dashboard():
    """handlens --help builds no command's options: nothing heavy is imported."""
    code = ("import sys\nfrom pipeline.cli.main import main\ntry:\n    main(['--help'])\n"
            "except SystemExit:\n    pass\nprint(sorted(m for m in ('duckdb', 'polars', "
            "'pyarrow', 'streamlit', 'dashboard', 'engine') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.splitlines()[-1] == "[]", out.stderr


@pytest.mark.slow
def test_the_sample_histories_import_and_verify(tmp_path, capsys):
    """README's main job: every sample hand is stored and verifies ok."""
    from support.common import SAMPLES as ALL
    db = str(tmp_path / "h.duckdb")
    assert main(["import", str(ALL), "--db", db, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands_new"] >= 3000 and out["parse_errors"] == 0
    assert main(["verify", "--db", db, "--json"]) == 0
    verdicts = json.loads(capsys.readouterr().out)
    assert verdicts["status"]["ok"] == out["hands_new"] and verdicts["codes"] == {}


def test_simulate_writes_hands_that_verify(tmp_path, capsys):
    out = tmp_path / "sim"
    assert main(["simulate", "--hands", "600", "--out", str(out), "--seed", "5"]) == 0
    assert len(list(out.glob("*.txt"))) == 2
    db = str(tmp_path / "s.duckdb")
    main(["import", str(out), "--db", db, "--json"])
    capsys.readouterr()
    main(["verify", "--db", db, "--json", "--hands", "--status", "ok", "--limit", "5"])
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == 600 and report["status"]["ok"] == 600
    assert len(report["details"]) == 5 and report["details"][0]["findings"] == []


def test_verify_recheck_judges_stored_hands_again(tmp_path, capsys):
    db = str(tmp_path / "h.duckdb")
    main(["import", str(SAMPLES), "--db", db, "--json"])
    import duckdb
    con = duckdb.connect(db)
    con.execute("UPDATE verdicts SET status = 'failed'")  # as if judged by an older engine
    con.close()
    capsys.readouterr()
    assert main(["verify", "--db", db, "--recheck", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["status"]["ok"] == 7 and report["status"]["failed"] == 0


def test_the_program_s_import_keeps_pandas_out_and_a_caller_s_keeps_its_process(tmp_path):
    """pyarrow imports pandas (half a second) to ask whether a list is a pandas object:
    the handlens program's import keeps it out; main() called from a caller's Python
    leaves the caller's process as it was."""
    code = ("import sys; from pipeline.cli.main import main; "
            f"rc = main(['import', {str(SAMPLES)!r}, '--db', sys.argv[1], '--json'], "
            "own_process=sys.argv[2] == 'own'); print(rc, 'pandas' in sys.modules)")
    for own, kept_out in (("own", True), ("caller", False)):
        out = subprocess.run([sys.executable, "-c", code, str(tmp_path / f"{own}.duckdb"), own],
                             capture_output=True, text=True, check=True).stdout.split("\n")
        summary = json.loads(out[0])
        assert (summary["hands_new"], summary["parse_errors"]) == (7, 0)
        assert out[1] == f"0 {not kept_out}"


def test_version_is_the_installed_package_s(capsys):
    from importlib.metadata import version
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"handlens {version('handlens')}\n"


def test_an_empty_folder_is_said_and_a_long_list_says_how_many_more(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    db = str(tmp_path / "h.duckdb")
    assert main(["import", str(empty), "--db", db, "--quiet"]) == 0
    assert f"no files in {empty}" in capsys.readouterr().err
    junk = tmp_path / "junk"
    junk.mkdir()
    for i in range(13):
        (junk / f"note{i:02}.txt").write_text(f"not a hand history {i}\n")
    assert main(["import", str(junk), "--db", db, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.count("note") == 10 and "... and 3 more (--json lists them all)" in out
    assert main(["import", str(junk), "--db", str(tmp_path / "again.duckdb"), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["files_not_recognised"]) == 13


def test_stats_of_a_player_with_no_hands_says_so(tmp_path, capsys):
    db = str(tmp_path / "h.duckdb")
    assert main(["import", str(SAMPLES), "--db", db, "--quiet"]) == 0
    capsys.readouterr()
    assert main(["stats", "--db", db, "--player", "NOBODY"]) == 1
    captured = capsys.readouterr()
    assert "no hands of 'NOBODY'" in captured.err and captured.out == ""


def test_stats_format_has_help(capsys):
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--format {table,csv,json} table:" in text
