"""A view that records the keys a renderer reads: proves boards never read private keys."""


class SpyView(dict):
    read: set

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.read = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)
