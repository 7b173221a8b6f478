import { Navigate, Route, Routes } from 'react-router';
import { PosDatesPage } from './pos-dates-page';
import { PosDetailPage } from './pos-detail-page';

/** /pos and /pos/{date} (doc 2 §2 "Point of sale"); other paths redirect to /pos. Desktop only (route guard). */
export function PosPage() {
  return (
    <Routes>
      <Route index element={<PosDatesPage />} />
      <Route path=":date" element={<PosDetailPage />} />
      <Route path="*" element={<Navigate to="/pos" replace />} />
    </Routes>
  );
}
