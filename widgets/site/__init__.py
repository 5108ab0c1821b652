"""The static site's build (``python -m widgets.site.build``, ``make site``): every notebook page with
Python in the page (Voici and Pyodide).  Run from a checkout; not in the wheel."""
