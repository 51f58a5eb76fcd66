"""scripts/answer_at_once.py against a real `referee serve` on 127.0.0.1: three phones answer
the start towns, then a race's entries, from threads released together, then on three pages
of chromium tapped at one moment; none is lost."""

from __future__ import annotations

import subprocess
import sys

import pytest

from referee import PROJECT_ROOT
from tests.web.conftest import CHROMIUM


def test_six_same_moment_answers_are_all_recorded_with_no_409_and_no_5xx():
    done = subprocess.run([sys.executable, "scripts/answer_at_once.py"], cwd=PROJECT_ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 of 6 same-moment answers recorded; 409: 0; 5xx: 0" in done.stdout


def test_the_same_answers_tapped_on_three_chromium_pages_are_all_recorded_and_shown():
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (scripts/test installs it)")
    done = subprocess.run([sys.executable, "scripts/answer_at_once.py", "--browser"],
                          cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "in chromium: 6 of 6 same-moment answers recorded" in done.stdout
