"""The pages: views per part of the site, their URLs, the offline shell and link pictures."""
