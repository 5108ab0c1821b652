"""The live lessons in a Jupyter server: a JupyterHub's single-user servers, ``jupyter server``.

The tutor's own Voilà server (:mod:`widgets.server.classroom`) mounts the live lessons' route
itself.  Where the pages are served by Voilà's server extension inside a Jupyter server instead
(a school's JupyterHub, each teacher and student on a single-user server of their own), this
Jupyter server extension mounts the same route, under the server's ``base_url``
(``/user/NAME/voila/live/<kernel id>``) and behind the server's own authentication: a
connection is answered only with the server's token (a Hub's single-user server: its own
Hub token), and, as under the tutor's server, only from the loopback, without a browser
``Origin``, for a kernel this server runs.  The rooms are in the server's memory, or in Redis
when ``REDIS_URL`` is set (what many single-user servers need to share a room).

Enable it (``pip install "rules-tutor[hub]"`` writes the setting under
``etc/jupyter/jupyter_server_config.d``; by hand)::

    jupyter server --ServerApp.jpserver_extensions='{"widgets.server.extension": true}'

The server tells the kernels it starts where the route is and the token to give it
(:data:`widgets.server.live_client.LIVE_URL_ENV`, :data:`~widgets.server.live_client.LIVE_TOKEN_ENV`,
in the environment they inherit): behind a Hub's proxy the port a page's request named is
the proxy's, not the server's.
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join

from widgets.server import live
from widgets.server.live_client import LIVE_TOKEN_ENV, LIVE_URL_ENV

__all__ = ["ServerLiveSocket", "live_url"]

ANY = ("", "0.0.0.0", "::", "*", "localhost")  # listening everywhere (or by name): its kernels use the loopback


class ServerLiveSocket(live.LiveSocket, JupyterHandler):
    """:class:`widgets.server.live.LiveSocket` behind the Jupyter server's authentication."""

    @ws_authenticated
    async def get(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        await super().get(kernel_id, *args, **kwargs)


def live_url(ip: str, port: int, base_url: str) -> str:
    """Where the server's kernels reach the live lessons (up to the kernel's id).

    >>> live_url("0.0.0.0", 8888, "/user/ana/")
    'ws://127.0.0.1:8888/user/ana/voila/live/'
    >>> live_url("::1", 9000, "/")
    'ws://[::1]:9000/voila/live/'
    """
    host = "127.0.0.1" if ip in ANY else ip
    host = f"[{host}]" if ":" in host else host
    return f"ws://{host}:{port}{url_path_join(base_url or '/', 'voila/live/')}"


def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "widgets.server.extension"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    web_app = server_app.web_app
    base_url = web_app.settings.get("base_url", "/")
    broker = live.make_broker()  # in this server's memory, or Redis (REDIS_URL)
    web_app.settings["rules_tutor_live"] = broker
    route = url_path_join(base_url, r"/voila/live/([0-9a-f-]{1,64})")
    web_app.add_handlers(".*$", [(route, ServerLiveSocket,
                                  {"broker": broker, "kernels": lambda: server_app.kernel_manager})])
    # a Hub's single-user server: its own Hub token (scoped to access the user's servers); else the server's
    token = os.environ.get("JUPYTERHUB_API_TOKEN", "") \
        or getattr(getattr(server_app, "identity_provider", None), "token", "")

    def tell_kernels() -> None:
        # the port is known for sure once the server has bound it (a busy one is retried, 0 is any)
        os.environ[LIVE_URL_ENV] = live_url(server_app.ip, server_app.port, base_url)
        if token:
            os.environ[LIVE_TOKEN_ENV] = token

    tell_kernels()
    server_app.io_loop.add_callback(tell_kernels)
    server_app.log.info("rules-tutor live lessons at %s (%s broker)", route, type(broker).__name__)
