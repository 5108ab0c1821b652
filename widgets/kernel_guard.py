"""Kernel-side guards for the tutor's Voilà server (an IPython extension).

Our server (:mod:`widgets.classroom`, which :mod:`widgets.serve` runs) starts
every kernel with ``--IPKernelApp.extensions=widgets.kernel_guard`` and
``--IPKernelApp.capture_fd_output=False`` (ipykernel would otherwise forward
whatever the process writes to its stderr to the page).  Under Voilà (``VOILA_PREHEAT`` in
the environment) the extension:

* sends no traceback and no file path to a client: the ``Comm`` logger (a
  malformed ``comm_open`` -- bogus data, no version metadata -- logged a
  ``ValueError`` traceback to ``sys.stderr``, which ipykernel streams to the
  client), every other Python log record, warnings and anything written to
  ``sys.stderr`` go to the server's log instead; a traceback shown by the
  shell (an exception in a widget callback) is logged on the server and the
  client gets only the exception's class name;
* with Voilà's pre-started kernels, waits for the page's request before the
  first cell that is not only imports, so the page reads its own query string
  (``QUERY_STRING``) and address (``VOILA_REQUEST_URL``) from the environment
  exactly as without pre-started kernels.
"""

from __future__ import annotations

import ast
import io
import logging
import os
import sys
import traceback
import warnings

_LOG = logging.getLogger("rules-tutor.kernel")


def server_stream():
    """A text stream to the server's log (the kernel process's real stderr)."""
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    if fd is not None:
        return io.TextIOWrapper(io.FileIO(os.dup(fd), "w"), line_buffering=True)
    return sys.__stderr__


def only_imports(source: str) -> bool:
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    return all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in body)


class RequestWait:
    """``pre_run_cell``: in a pre-started kernel, wait once for the page's request."""

    def __init__(self):
        self.done = False

    def __call__(self, info=None) -> None:
        if self.done or os.environ.get("VOILA_PREHEAT") != "True":
            return
        if "VOILA_KERNEL_ID" not in os.environ:
            return  # Voilà's own start-up snippet, which sets it
        if only_imports(getattr(info, "raw_cell", "") or ""):
            return  # imports are paid for before the request
        self.done = True
        os.environ.pop("VOILA_REQUEST_URL", None)  # the request that refilled the pool, not ours
        info = wait_for_request_info()
        if info is None:
            _LOG.warning("no request info reached the pre-started kernel: the page opens at its start")
            return
        os.environ.update({str(k): str(v) for k, v in info.items()})
        os.environ["VOILA_REQUEST_URL"] = request_url(os.environ)


def wait_for_request_info(patience: float = 900) -> dict | None:
    """The page's request (CGI-style variables), from Voilà's ``/voila/query/<kernel>`` websocket.

    Voilà's own ``voila.utils.wait_for_request`` gives up when the server does not
    accept the connection within 5 s -- which happened to most of thirty kernels
    pre-started at once on a busy 2-core machine, and those pages then ignored
    their query string.  Here the connection is retried (for ``patience``
    seconds) and not pinged (loopback: a late pong under load would drop it)."""
    import json
    import time

    from websockets.exceptions import WebSocketException
    from websockets.sync.client import connect

    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    ip = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    url = f"{protocol}://{ip}:{port}{base}voila/query/{os.environ['VOILA_KERNEL_ID']}"
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        try:
            with connect(url, open_timeout=60, ping_interval=None, close_timeout=1) as ws:
                return json.loads(ws.recv())
        except (OSError, TimeoutError, WebSocketException, ValueError) as e:
            _LOG.warning("waiting for the page's request: %s", type(e).__name__)
            time.sleep(1)
    return None


def request_url(env) -> str:
    """The page's address, from the CGI-style variables Voilà sends a pre-started kernel."""
    host = env.get("SERVER_NAME", "localhost")
    port = env.get("SERVER_PORT", "")
    query = env.get("QUERY_STRING", "")
    return f"http://{host}{':' + port if port else ''}{env.get('SCRIPT_NAME', '/')}{'?' + query if query else ''}"


def _quiet_traceback(shell):
    def _showtraceback(etype, evalue, stb):
        _LOG.error("%s", "".join(traceback.format_exception(etype, evalue, evalue.__traceback__)).rstrip())
        exc_content = {"traceback": [], "ename": str(etype.__name__), "evalue": ""}
        dh = shell.displayhook
        topic = dh.topic.replace(b"execute_result", b"error") if getattr(dh, "topic", None) else None
        dh.session.send(dh.pub_socket, "error", exc_content, dh.parent_header, ident=topic)
        shell._last_traceback = stb

    return _showtraceback


def _warning_to_log(message, category, filename, lineno, file=None, line=None):
    _LOG.warning("%s", warnings.formatwarning(message, category, filename, lineno, line).rstrip())


def load_ipython_extension(shell) -> None:
    if "VOILA_PREHEAT" not in os.environ:
        return  # not under Voilà: a notebook user keeps tracebacks and stderr
    stream = server_stream()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("[kernel %(process)d] %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    if root.level > logging.WARNING or root.level == logging.NOTSET:
        root.setLevel(logging.WARNING)
    for name in ("Comm", "comm", "ipykernel", "traitlets"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
    warnings.showwarning = _warning_to_log
    sys.stderr = stream
    shell._showtraceback = _quiet_traceback(shell)
    shell.showsyntaxerror = lambda *a, **k: _LOG.error("syntax error:\n%s", traceback.format_exc())
    shell.events.register("pre_run_cell", RequestWait())
