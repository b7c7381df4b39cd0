"""``dg completion bash``: a script that bash sources and that completes the sub-commands and
their options, for ``dg`` and ``distant-galaxy`` alike."""

from __future__ import annotations

import shutil
import subprocess

import pytest

BASH = shutil.which("bash")


@pytest.mark.skipif(BASH is None, reason="no bash")
def test_bash_completes_commands_and_options(dg, tmp_path):
    out = dg("completion", "bash")
    assert out.returncode == 0, out.stderr
    script = tmp_path / "dg.bash"
    script.write_text(out.stdout)
    probe = (f"source {script}\n"
             "COMP_WORDS=(dg rel); COMP_CWORD=1; _shtab_dg; echo \"1:${COMPREPLY[*]}\"\n"
             "COMP_WORDS=(dg replay x --ht); COMP_CWORD=3; _shtab_dg; echo \"2:${COMPREPLY[*]}\"\n"
             "complete -p distant-galaxy\n")
    done = subprocess.run([BASH, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "1:reliability" in lines and "2:--html" in lines
    assert any(line.endswith(" distant-galaxy") for line in lines)


@pytest.mark.parametrize("shell", ["zsh", "tcsh"])
def test_other_shells_get_a_script(dg, shell):
    out = dg("completion", shell)
    assert out.returncode == 0 and "dg" in out.stdout and len(out.stdout) > 200
