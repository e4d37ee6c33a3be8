"""make run's broker without servers: kombu's filesystem transport, with each message written
whole before a worker can take it. kombu's own creates the message file in the queue folder
and then writes it; a worker polling the folder meanwhile takes the empty file and dies of a
JSONDecodeError (seen under make run: "Unrecoverable error", the worker gone). Here the
message is written under a name no reader takes and renamed into place, which is atomic."""

import os
import uuid
from time import monotonic

from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = os.path.join(self.data_folder_out, f".{name}.part")  # not a queue's name
        try:
            with open(partial, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as error:
            raise filesystem.ChannelError(f"Cannot add file {final!r} to directory") from error


class Transport(filesystem.Transport):
    Channel = Channel
