"""The refusals the domain raises; the API turns them into its error shape (api/errors.py)."""


class ServiceError(ValueError):
    """A request the rules refuse; the message is shown to the client as is."""


class Busy(ServiceError):
    """The work is refused for now (a queue is full); the client may retry shortly."""
