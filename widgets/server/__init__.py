"""The tutor's Voila server (``python -m widgets.server.serve``, ``make run`` and ``make class``): the
classroom pools, the request a page reads its link from, the kernel guard."""
