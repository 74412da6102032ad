import torch


def predict(model, batch):
    model.eval()
    with torch.no_grad():
        return model(batch)
