"""Which kernels hold a seat in the room for a page that has not connected yet.

Every page request to the tutor's Voilà server (:mod:`widgets.server.classroom`) gets a
kernel -- started for it, or taken from a pool -- before any browser connects to
it.  A :class:`PageClaim` follows one such request and its kernel from the
request's arrival until the page's websocket connects; :class:`Seats` keeps the
claims of the whole server and decides:

* how many a client address may hold at once (:meth:`Seats.free_for`): a loop of
  GETs from one device holds a few kernels, never the room;
* when a claim ends: its page connected (:meth:`Seats.connected`), its request
  was abandoned before the page arrived (:meth:`Seats.abandon`: the kernel is
  shut down at once), or its page was served and did not connect within the
  grace (:meth:`Seats.served` arms the timer; the kernel is shut down then).

Nothing here knows Voilà or a kernel manager: shutting a kernel down is the
``shutdown`` callable the server passes in.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from dataclasses import dataclass, field
from typing import Awaitable, Callable

_LOG = logging.getLogger("rules-tutor.seats")


@dataclass(eq=False)
class PageClaim:
    """One page request and the kernel it got (None until it has one)."""

    client: str
    kernel_id: str | None = None
    arrived: float = field(default_factory=time.monotonic)
    served: float | None = None  # when the whole page had been sent
    abandoned: bool = False
    timer: asyncio.TimerHandle | None = None


# The claim of the page request being handled in this task: the kernel manager reads it
# when it starts or hands out a kernel, so that the kernel is counted for that request.
CURRENT: contextvars.ContextVar[PageClaim | None] = contextvars.ContextVar("rules_tutor_page_claim", default=None)


class Seats:
    """The claims of one server.

    ``grace``: seconds a served page's kernel waits for the page to connect;
    ``per_client``: claims one client address may hold at once;
    ``shutdown(kernel_id)``: a coroutine that frees a kernel; ``log``: the server's log."""

    def __init__(self, shutdown: Callable[[str], Awaitable[None]], grace: float, per_client: int,
                 log: logging.Logger | logging.LoggerAdapter | None = None):
        self.shutdown = shutdown
        self.log = log or _LOG
        self.grace = grace
        self.per_client = per_client
        self.claims: list[PageClaim] = []
        self.connect_times: list[float] = []  # seconds from page served to websocket, for the log

    def held_by(self, client: str) -> int:
        return sum(1 for c in self.claims if c.client == client)

    def free_for(self, client: str) -> bool:
        return self.per_client <= 0 or self.held_by(client) < self.per_client

    async def wait_for(self, client: str, patience: float, gone: Callable[[], bool]) -> bool:
        """Wait up to ``patience`` seconds until ``client`` may claim a kernel (one of its
        pages connects, or its grace ends); False if it still may not, or ``gone()``."""
        deadline = time.monotonic() + patience
        while not self.free_for(client):
            if gone() or time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.25)
        return not gone()

    def claim(self, client: str) -> PageClaim:
        claim = PageClaim(client)
        self.claims.append(claim)
        return claim

    def holds(self, kernel_id: str) -> bool:
        """A kernel some request claims (being served, or waiting for its page)."""
        return any(c.kernel_id == kernel_id for c in self.claims)

    def got_kernel(self, claim: PageClaim, kernel_id: str) -> None:
        claim.kernel_id = kernel_id
        if claim.abandoned:
            self._free(claim, "its request was abandoned before the page arrived")

    def served(self, claim: PageClaim) -> None:
        """The whole page was sent: its kernel waits ``grace`` seconds for the page to connect."""
        if claim not in self.claims:
            return
        if claim.kernel_id is None:
            self.release(claim)
            return
        claim.served = time.monotonic()
        claim.timer = asyncio.get_event_loop().call_later(self.grace, self._expire, claim)

    def abandon(self, claim: PageClaim) -> None:
        """The client closed the connection before the page was sent."""
        claim.abandoned = True
        if claim.kernel_id is not None:
            self._free(claim, "its request was abandoned before the page arrived")
        # else: freed when the kernel it is starting is known (got_kernel)

    def connected(self, kernel_id: str) -> None:
        for claim in [c for c in self.claims if c.kernel_id == kernel_id]:
            if claim.served is not None:
                took = time.monotonic() - claim.served
                self.connect_times.append(took)
                self.log.info("The page of kernel %s connected %.2f s after it was served", kernel_id, took)
            self.release(claim)

    def forget(self, kernel_id: str) -> None:
        """The kernel is gone (shut down, culled): its claims end."""
        for claim in [c for c in self.claims if c.kernel_id == kernel_id]:
            self.release(claim)

    def release(self, claim: PageClaim) -> None:
        if claim.timer is not None:
            claim.timer.cancel()
            claim.timer = None
        if claim in self.claims:
            self.claims.remove(claim)

    def _expire(self, claim: PageClaim) -> None:
        claim.timer = None
        if claim in self.claims:
            self._free(claim, f"its page did not connect within {self.grace:g} s of being served")

    def _free(self, claim: PageClaim, why: str) -> None:
        kernel_id = claim.kernel_id
        self.release(claim)
        if kernel_id is not None:
            self.log.warning("Shutting down kernel %s: %s", kernel_id, why)
            asyncio.ensure_future(self.shutdown(kernel_id))
