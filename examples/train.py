"""Train the classifier on random data, then export it the old way."""

import torch
from tinynet import Classifier
from torch import nn


def evaluate(model, batches):
    model.eval()
    correct = 0
    for images, labels in batches:
        logits = model(images)
        correct += (logits.argmax(1) == labels).sum().item()
    return correct


def main() -> None:
    model = Classifier()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loss_fn = nn.CrossEntropyLoss()
    batches = [(torch.randn(8, 3, 16, 16), torch.randint(0, 10, (8,))) for _ in range(4)]
    for images, labels in batches:
        optimizer.zero_grad()
        loss = loss_fn(model(images), labels)
        loss.backward()
        optimizer.step()
    print("correct:", evaluate(model, batches))
    scripted = torch.jit.script(model)
    torch.jit.save(scripted, "classifier.pt")


if __name__ == "__main__":
    main()
