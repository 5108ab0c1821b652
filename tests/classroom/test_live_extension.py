"""The live lessons under a real ``jupyter server`` (widgets.server.extension): what a school's
JupyterHub runs, a single-user server per person, each under its own ``/user/NAME/`` prefix.

Two servers share their rooms through a real ``redis-server`` (``REDIS_URL``), as a Hub's do: the
teacher's kernel on one opens a room, a student's page rendered by Voilà on the other (its own
kernel) joins it by its link, and the teacher hears the student arrive.  The route answers only
with the server's token, never a browser, never an unknown kernel."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.classroom.test_live_broker import redis_url  # noqa: F401 - the fixture: a real redis-server
from widgets.server.serve import NOTEBOOKS, ROOT, free_port, server_env, stop_process_tree

GAME_NOTEBOOK = "kamikaze_attack.ipynb"


class Server:
    """A ``jupyter server`` with the tutor's extension (and Voilà's), under ``/user/NAME/``."""

    def __init__(self, name: str, env: dict, tmp: Path):
        self.port, self.token, self.base = free_port(), f"token-of-{name}-0123456789", f"/user/{name}/"
        home = tmp / name
        home.mkdir()
        (home / "config").mkdir()
        (home / "config" / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {
            "jpserver_extensions": {"voila.server_extension": True, "widgets.server.extension": True}}}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jupyter_server", "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
             f"--ServerApp.token={self.token}", f"--ServerApp.base_url={self.base}",
             f"--ServerApp.root_dir={NOTEBOOKS}", "--ServerApp.port_retries=0", "--allow-root"],
            cwd=str(ROOT), env={**server_env(env), "JUPYTER_CONFIG_DIR": str(home / "config"),
                                "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "HOME": str(home),
                                "PYTHONPATH": str(ROOT)},
            stdout=open(home / "log", "w"), stderr=subprocess.STDOUT)  # noqa: SIM115 - the server's life
        self.log = home / "log"
        deadline = time.monotonic() + 60
        while True:
            try:
                self.http("GET", "api/status")
                break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError(self.log.read_text()[-3000:]) from None
                time.sleep(0.3)

    def http(self, method: str, path: str, token: bool = True, timeout: float = 120) -> bytes:
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{self.base}{path}", method=method,
                                     data=b"{}" if method == "POST" else None)
        if token:
            req.add_header("Authorization", f"token {self.token}")
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.read()

    def kernel(self) -> str:
        return json.loads(self.http("POST", "api/kernels"))["id"]

    def live(self, kernel: str, headers: dict | None = None):
        return connect(f"ws://127.0.0.1:{self.port}{self.base}voila/live/{kernel}", additional_headers=headers,
                       open_timeout=10)

    def stop(self) -> None:
        stop_process_tree(self.proc)


def refused(server: Server, kernel: str, headers: dict | None) -> int:
    try:
        with server.live(kernel, headers):
            return 101
    except InvalidStatus as e:
        return e.response.status_code


def test_a_hubs_single_user_servers_host_a_lesson_together(redis_url, tmp_path):  # noqa: F811
    env = {"REDIS_URL": redis_url}
    teacher_server = Server("teacher", env, tmp_path)
    try:
        student_server = Server("ana", env, tmp_path)
        try:
            kernel = teacher_server.kernel()
            auth = {"Authorization": f"token {teacher_server.token}"}
            # the server's authentication first: no token, another server's token
            assert refused(teacher_server, kernel, None) == 403
            assert refused(teacher_server, kernel, {"Authorization": f"token {student_server.token}"}) == 403
            # then the live lessons' own rules: a browser (an Origin), a kernel this server does not run
            assert refused(teacher_server, kernel, {**auth, "Origin": f"http://127.0.0.1:{teacher_server.port}"}) \
                == 403
            assert refused(teacher_server, "0123abcd", auth) == 403

            with teacher_server.live(kernel, auth) as ws:
                ws.send(json.dumps({"id": 1, "op": "open"}))
                opened = json.loads(ws.recv(10))
                assert opened["re"] == 1 and opened["ok"], opened
                code = opened["room"]
                # a student's page on the other server, rendered by Voilà in its own kernel, opens the link
                page = student_server.http("GET", f"voila/render/{GAME_NOTEBOOK}?room={code}").decode()
                assert "Kamikaze" in page
                heard = []
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline and not any(
                        f.get("event", {}).get("connected") == 1 for f in heard):
                    try:
                        heard.append(json.loads(ws.recv(1)))
                    except TimeoutError:
                        pass
                assert any(f.get("room") == code and f["event"].get("following") == 1 for f in heard), \
                    (heard, student_server.log.read_text()[-3000:])
        finally:
            student_server.stop()
    finally:
        teacher_server.stop()
