"""Kernel-side guards for the tutor's Voilà server (an IPython extension).

Our server (:mod:`widgets.server.classroom`, which :mod:`widgets.server.serve` runs) starts
every kernel with ``--IPKernelApp.extensions=widgets.server.kernel_guard`` and
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
* with Voilà's pre-started kernels, a notebook whose pages are not the
  tutor's waits for the page's request before its first cell that is not only
  imports, so it reads its own query string (``QUERY_STRING``) and address
  (``VOILA_REQUEST_URL``) from the environment exactly as without pre-started
  kernels; the tutor's pages (:mod:`widgets.page`, :mod:`widgets.index`) are
  built whole before the request and follow it after (:mod:`widgets.server.request`);
* flushes ``sys.stdout`` only when something was written to it: ipykernel
  flushes it after every message it handles -- a click on a button included --
  by handing the flush to its IO thread and waiting for that thread to do it,
  about a tenth of a kernel's CPU per click for nothing (a page prints nothing).
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
    """``pre_run_cell``: in a pre-started kernel, wait once for the page's request
    before the first cell that is not only imports -- unless the notebook's pages
    are built first and follow their request after (:mod:`widgets.server.request`)."""

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
        from widgets.server import request

        if request.builds_first:
            return  # the page is built now, and moves to its link's place when the request comes
        request.wait()


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


def lazy_flush(stream) -> bool:
    """Make ``stream`` (ipykernel's ``OutStream``) flush only when something was written to it
    since its last flush; anything written is flushed as before, in the same order.  False (the
    stream left alone) if it is not the ``OutStream`` this was written for (ipykernel 6)."""
    if not all(hasattr(stream, a) for a in ("_flush_pending", "_subprocess_flush_pending", "_buffers", "flush")):
        return False
    flush = stream.flush

    def flush_if_written():
        # a write sets one of the flags (and its buffer) until the IO thread has sent it
        if stream._flush_pending or stream._subprocess_flush_pending or stream._buffers:
            flush()

    stream.flush = flush_if_written
    return True


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
    lazy_flush(sys.stdout)
    shell._showtraceback = _quiet_traceback(shell)
    shell.showsyntaxerror = lambda *a, **k: _LOG.error("syntax error:\n%s", traceback.format_exc())
    shell.events.register("pre_run_cell", RequestWait())
