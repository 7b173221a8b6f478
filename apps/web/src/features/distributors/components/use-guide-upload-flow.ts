import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DISTRIBUTOR_MESSAGES, GUIDE_UPLOAD_DEBOUNCE_MS, GUIDE_UPLOAD_REDIRECT_MS, type GuideUpload } from '@stockpot/domain';
import { ApiError } from '../../../lib/api-error';
import { openConfirmModal, openMessageModal } from '../../../shared/modals/modal-store';
import { applyGuideUpload, cancelGuideUpload, downloadRefusedRows } from '../api/guide-review';
import {
  checkForTemplate,
  getUploadStatus,
  requestTemplate,
  uploadOrderGuide,
  useRefreshAfterUpload,
} from '../api/use-distributors';
import { DISTRIBUTOR_PATH } from '../paths';

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 ? error.message : fallback;

const showError = (message: string) => openMessageModal({ id: 'order-guide-upload', title: 'Error!', message });

/** Statuses the job is still working in: the upload is polled every second through them. */
const WORKING: GuideUpload['status'][] = ['queued', 'processing', 'applying'];

export interface GuideUploadRequest {
  distributorId: number;
  merchantIds: number[];
  startDate: string;
  endDate: string;
  file: File;
}

/**
 * The upload's steps (doc 3 §5, issue 31): the template check (the spec's modal when none reads the
 * file, and beside it the buyer's own column mapping), the upload read in a job with its progress,
 * then the preview — apply or cancel — and the spec's confirmation and return to /distributor.
 */
export function useGuideUploadFlow(distributorId: number) {
  const navigate = useNavigate();
  const refresh = useRefreshAfterUpload();
  const [isBusy, setIsBusy] = useState(false);
  const [status, setStatus] = useState<GuideUpload | null>(null);
  const [review, setReview] = useState<GuideUpload | null>(null);
  const [mappingFile, setMappingFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const lastSubmit = useRef(0);
  const request = useRef<GuideUploadRequest | null>(null);
  const isGone = useRef(false);
  useEffect(
    () => () => {
      isGone.current = true;
    },
    [],
  );

  /** Polls the upload while the job works on it; null when the page was left meanwhile. */
  const follow = async (first: GuideUpload): Promise<GuideUpload | null> => {
    let current = first;
    setStatus(current);
    while (WORKING.includes(current.status)) {
      await new Promise((resolve) => window.setTimeout(resolve, 1000));
      if (isGone.current) return null;
      current = await getUploadStatus(current.id);
      setStatus(current);
    }
    return current;
  };

  const finish = (done: GuideUpload) => {
    if (done.status === 'failed') {
      setIsBusy(false);
      showError(done.message || DISTRIBUTOR_MESSAGES.uploadFailure);
      return;
    }
    void refresh();
    openMessageModal({ id: 'order-guide-upload', title: 'Confirmation', message: done.message });
    window.setTimeout(() => {
      if (!isGone.current) navigate(DISTRIBUTOR_PATH);
    }, GUIDE_UPLOAD_REDIRECT_MS);
  };

  const upload = async (input: GuideUploadRequest) => {
    try {
      const read = await follow(await uploadOrderGuide({ ...input, isPreview: true }));
      if (!read) return;
      setIsBusy(false);
      if (read.status === 'ready' || read.status === 'refused') {
        setStatus(null);
        setReview(read);
      } else finish(read);
    } catch (error) {
      setIsBusy(false);
      showError(serverMessage(error, DISTRIBUTOR_MESSAGES.uploadFailure));
    }
  };

  const sendTemplateRequest = async (input: GuideUploadRequest) => {
    try {
      await requestTemplate(distributorId, input.merchantIds, input.file);
      openMessageModal({ title: 'Confirmation', message: DISTRIBUTOR_MESSAGES.templateRequestSuccess });
    } catch (error) {
      openMessageModal({ title: 'Error!', message: serverMessage(error, DISTRIBUTOR_MESSAGES.templateRequestFailure) });
    }
  };

  const submit = async (input: GuideUploadRequest) => {
    // doc 3 §9: one upload per 1500 ms, whatever the clicks.
    const now = Date.now();
    if (now - lastSubmit.current < GUIDE_UPLOAD_DEBOUNCE_MS) return;
    lastSubmit.current = now;
    request.current = input;
    setIsBusy(true);
    setNotice(null);
    setReview(null);
    setMappingFile(null);
    try {
      const check = await checkForTemplate(distributorId, input.file);
      if (!check.found) {
        setIsBusy(false);
        // The spec's modal as written; the column mapping opens beside it in the form.
        setMappingFile(input.file);
        openConfirmModal({
          title: 'Alert',
          message: `${DISTRIBUTOR_MESSAGES.templateNotFound}\n\n${DISTRIBUTOR_MESSAGES.templateNotFoundRequest}`,
          confirmLabel: 'Request Template',
          onConfirm: () => void sendTemplateRequest(input),
        });
        return;
      }
      await upload(input);
    } catch (error) {
      setIsBusy(false);
      showError(serverMessage(error, DISTRIBUTOR_MESSAGES.uploadFailure));
    }
  };

  /** The mapping was saved: the same file now has a template, so the upload goes on. */
  const uploadAfterMapping = () => {
    setMappingFile(null);
    if (!request.current) return;
    setIsBusy(true);
    void upload(request.current);
  };

  const apply = async () => {
    if (!review) return;
    setIsBusy(true);
    try {
      const started = await applyGuideUpload(review.id);
      setReview(null);
      if (started.status === 'scheduled') {
        finish(started);
        return;
      }
      const done = await follow(started);
      if (done) finish(done);
    } catch (error) {
      setIsBusy(false);
      showError(serverMessage(error, DISTRIBUTOR_MESSAGES.uploadFailure));
    }
  };

  const cancel = async () => {
    if (!review) return;
    if (review.status === 'refused') {
      setReview(null);
      return;
    }
    setIsBusy(true);
    try {
      const cancelled = await cancelGuideUpload(review.id);
      setReview(null);
      setNotice(cancelled.message);
    } catch (error) {
      showError(serverMessage(error, DISTRIBUTOR_MESSAGES.uploadFailure));
    } finally {
      setIsBusy(false);
    }
  };

  const downloadRefused = () => {
    if (review)
      downloadRefusedRows(review.id).catch((error: unknown) => showError(serverMessage(error, 'Something went wrong.')));
  };

  return {
    isBusy,
    status,
    review,
    mappingFile,
    notice,
    submit,
    apply,
    cancel,
    downloadRefused,
    uploadAfterMapping,
    closeMapping: () => setMappingFile(null),
  };
}
