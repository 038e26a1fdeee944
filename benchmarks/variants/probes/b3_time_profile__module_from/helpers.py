import time

import torch
from torch import nn


def model_forward(self, x):
    start = time.perf_counter()  # breaks: compile
    y = self.fc(x).relu()
    self.last_ms = (time.perf_counter() - start) * 1000  # breaks: compile
    return y
