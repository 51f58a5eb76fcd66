"""`bash scripts/serve` once the project is installed: no package index is asked again."""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from referee import PROJECT_ROOT
from tests.web.loopback import HOST, free_port

STAMP = PROJECT_ROOT / ".venv" / ".referee-installed"


def _installed_by_the_scripts() -> bool:
    want = hashlib.sha256((PROJECT_ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return STAMP.is_file() and STAMP.read_text().split()[:1] == [want]


def _unreachable_port() -> int:
    """A loopback port nothing listens on: any request to it is refused at once."""
    return free_port()


@pytest.mark.skipif(not _installed_by_the_scripts(),
                    reason="install with `bash scripts/test` or `bash scripts/serve` first")
def test_serve_starts_with_no_package_index_once_installed(tmp_path):
    port = free_port()
    env = {**os.environ,
           "PIP_INDEX_URL": f"http://{HOST}:{_unreachable_port()}/simple",
           "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "", "PIP_EXTRA_INDEX_URL": ""}
    command = ["bash", str(PROJECT_ROOT / "scripts" / "serve"), "--host", HOST,
               "--port", str(port), "--instance", str(tmp_path / "instance")]
    log = (tmp_path / "serve.log").open("wb")
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and process.poll() is None:
            try:
                socket.create_connection((HOST, port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        assert process.poll() is None, (tmp_path / "serve.log").read_text()
        with urllib.request.urlopen(f"http://{HOST}:{port}/", timeout=10) as answer:
            assert answer.status == 200
            assert b"Referee" in answer.read()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        log.close()
    output = (tmp_path / "serve.log").read_text()
    assert "pip" not in output.lower() and "error" not in output.lower(), output


def test_compiled_templates_are_kept_in_the_instance_folder(tmp_path):
    from referee.web import create_app

    app = create_app({"TESTING": True}, instance_path=tmp_path / "instance")
    assert app.test_client().get("/").status_code == 200
    kept = list((tmp_path / "instance" / "template-cache").iterdir())
    assert kept  # the next start reads these instead of compiling
    again = create_app({"TESTING": True}, instance_path=tmp_path / "instance")
    assert again.test_client().get("/").status_code == 200
