import time

import torch
from torch import nn


def model_forward(self, x):
    start = time.perf_counter()
    y = self.fc(x)
    self.last_ms = (time.perf_counter() - start) * 1000
    return y
